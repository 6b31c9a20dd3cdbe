package org.rlanything.core.reward;

import java.util.ArrayList;
import java.util.List;

/**
 * Standardises step rewards over the trajectories of one task at the same step index (method.md
 * §2).
 *
 * <p><b>How and why.</b> For task q and step index i, let G be the trajectories of q that have a
 * step i (they differ in length: a successful trajectory ends at its winning step, failed ones run
 * on). If |G| >= 2 the advantage is {@code (R(τ,i) − μ)/σ} with μ and σ the mean and
 * <em>population</em> standard deviation over G, and 0 when σ <= 1e-8 (no contrast, no signal). A
 * group of one cannot be standardised: the project sets its advantage to 0 by default and can keep
 * the raw reward as the reference does ({@link SingletonMode#RAW}). Standardising per step index
 * rather than per trajectory compares a step only with the steps taken at the same depth of the
 * same task. There is no further normalisation across tasks or the batch. Samples whose advantage
 * is exactly 0 are dropped by the caller.
 */
public final class StepAdvantages {

    /** σ at or below this counts as zero variance. */
    public static final double MIN_STD = 1e-8;

    private StepAdvantages() {}

    /**
     * @param rewards one array per trajectory of the task, {@code rewards.get(k)[i] = R(τ_k, i)}
     * @return advantages with the same shape
     */
    public static List<double[]> compute(List<double[]> rewards, SingletonMode singleton) {
        int longest = 0;
        for (double[] r : rewards) {
            longest = Math.max(longest, r.length);
        }
        List<double[]> advantages = new ArrayList<>(rewards.size());
        for (double[] r : rewards) {
            advantages.add(new double[r.length]);
        }
        for (int i = 0; i < longest; i++) {
            int count = 0;
            double sum = 0;
            for (double[] r : rewards) {
                if (i < r.length) {
                    count++;
                    sum += r[i];
                }
            }
            if (count == 1) {
                for (int k = 0; k < rewards.size(); k++) {
                    if (i < rewards.get(k).length) {
                        advantages.get(k)[i] =
                                singleton == SingletonMode.RAW ? rewards.get(k)[i] : 0.0;
                    }
                }
                continue;
            }
            double mean = sum / count;
            double squares = 0;
            for (double[] r : rewards) {
                if (i < r.length) {
                    squares += (r[i] - mean) * (r[i] - mean);
                }
            }
            double std = Math.sqrt(squares / count);
            for (int k = 0; k < rewards.size(); k++) {
                double[] r = rewards.get(k);
                if (i < r.length) {
                    advantages.get(k)[i] = std <= MIN_STD ? 0.0 : (r[i] - mean) / std;
                }
            }
        }
        return advantages;
    }
}
