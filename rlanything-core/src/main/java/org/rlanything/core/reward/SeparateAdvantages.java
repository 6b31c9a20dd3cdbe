package org.rlanything.core.reward;

import java.util.ArrayList;
import java.util.List;

/**
 * Advantages with separate baselines for the outcome and the verdicts ({@link
 * Integration#SEPARATE}).
 *
 * <p><b>How.</b> For the N trajectories of one task: {@code A(τ,i) = z(τ) + c·(v(τ,i) − b)}, where
 * {@code z(τ) = (O(τ) − mean O)/σ_O} is the outcome standardised over the task's trajectories
 * (population σ; 0 when σ ≤ 1e-8), {@code v(τ,i)} the mean of the m verdicts on step i ({@link
 * IntegratedReward#meanVerdict}), {@code b} the mean of v over every step of the task's
 * trajectories, and c the verdict scale.
 *
 * <p><b>Why.</b> Under the paper's rule the rewards are standardised per step index. Failed
 * rollouts run to the step limit while won ones end early, so past a task's last winning step every
 * trajectory has the same outcome and the advantage is the z-score of the verdicts alone: a judge's
 * errors enter at unit scale on most samples, as large as the whole outcome contrast, and the
 * policy learns where the judge errs. Here the outcome contrast keeps its GRPO scale on every step,
 * and the verdicts add a bounded correction (at most 2c) that ranks the steps of a trajectory
 * without being blown up by a small spread, as PRIME keeps separate baselines for process and
 * outcome returns. The correction can still lift a good step of a failed trajectory above zero when
 * c·(v − b) exceeds the outcome's pull.
 */
public final class SeparateAdvantages {

    private SeparateAdvantages() {}

    /**
     * @param outcomes O(τ_k) in {-1,+1}, one per trajectory
     * @param meanVerdicts {@code meanVerdicts.get(k)[i] = v(τ_k, i)}, the mean verdict of each step
     * @param scale c, the weight of the centred verdict term (0: trajectory-level GRPO)
     * @return advantages with the shape of {@code meanVerdicts}
     */
    public static List<double[]> compute(
            int[] outcomes, List<double[]> meanVerdicts, double scale) {
        if (outcomes.length != meanVerdicts.size()) {
            throw new IllegalArgumentException(
                    outcomes.length + " outcomes for " + meanVerdicts.size() + " trajectories.");
        }
        int n = outcomes.length;
        double outcomeMean = 0;
        for (int o : outcomes) {
            outcomeMean += o;
        }
        outcomeMean /= n;
        double squares = 0;
        for (int o : outcomes) {
            squares += (o - outcomeMean) * (o - outcomeMean);
        }
        double outcomeStd = Math.sqrt(squares / n);
        double verdictSum = 0;
        long steps = 0;
        for (double[] v : meanVerdicts) {
            for (double x : v) {
                verdictSum += x;
                steps++;
            }
        }
        double baseline = steps == 0 ? 0 : verdictSum / steps;
        List<double[]> advantages = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            double z =
                    outcomeStd <= StepAdvantages.MIN_STD
                            ? 0.0
                            : (outcomes[k] - outcomeMean) / outcomeStd;
            double[] v = meanVerdicts.get(k);
            double[] a = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                a[i] = z + scale * (v[i] - baseline);
            }
            advantages.add(a);
        }
        return advantages;
    }
}
