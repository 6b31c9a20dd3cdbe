package org.rlanything.core.reward;

import java.util.List;
import java.util.Optional;
import org.rlanything.core.Verdict;

/**
 * The reward model's reward for its m judgments of one step (method.md §4).
 *
 * <p><b>How and why.</b> The j-th judgment of step (τ,i) earns {@code raw_j = R(τ,i)·S_j}, the
 * step's integrated reward times its verdict, or the format penalty {@code -2} when the verdict is
 * invalid. Because R carries the sign of the outcome unless every verdict contradicts it (then R =
 * 0), a verdict that agrees with the outcome is rewarded: Theorem 2 shows this trains p₊ on solved
 * and p₋ on failed trajectories, i.e. the μ = p₊ + p₋ that Theorem 1 needs above 1. The raw rewards
 * are z-scored over the m judgments of the step (population std); a step whose raw rewards are all
 * equal gives no signal and is skipped, and judgments whose standardised reward is exactly 0 are
 * dropped by the caller. The caller also applies the band: only tasks with 0.2 <= acc <= 0.8 train
 * the reward model (Theorem 2: outside that band only one of p₊, p₋ is trained).
 */
public final class ConsistencyReward {

    /** The reward of a judgment whose verdict cannot be parsed. */
    public static final double FORMAT_PENALTY = -2.0;

    private ConsistencyReward() {}

    /** The raw rewards {@code raw_j}, before standardisation. */
    public static double[] raw(double stepReward, List<Verdict> verdicts) {
        double[] raw = new double[verdicts.size()];
        for (int j = 0; j < raw.length; j++) {
            Verdict verdict = verdicts.get(j);
            raw[j] = verdict.isValid() ? stepReward * verdict.value() : FORMAT_PENALTY;
        }
        return raw;
    }

    /**
     * The standardised advantages of the m judgments, or empty when the step must be skipped (all
     * raw rewards equal).
     */
    public static Optional<double[]> advantages(double stepReward, List<Verdict> verdicts) {
        double[] raw = raw(stepReward, verdicts);
        double mean = 0;
        for (double r : raw) {
            mean += r;
        }
        mean /= raw.length;
        double squares = 0;
        for (double r : raw) {
            squares += (r - mean) * (r - mean);
        }
        double std = Math.sqrt(squares / raw.length);
        if (std <= StepAdvantages.MIN_STD) {
            return Optional.empty();
        }
        double[] advantages = new double[raw.length];
        for (int j = 0; j < raw.length; j++) {
            advantages[j] = (raw[j] - mean) / std;
        }
        return Optional.of(advantages);
    }
}
