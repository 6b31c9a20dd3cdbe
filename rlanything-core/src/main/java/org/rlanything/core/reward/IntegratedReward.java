package org.rlanything.core.reward;

import java.util.List;
import org.rlanything.core.Verdict;

/**
 * The policy's step reward before standardisation (method.md §2).
 *
 * <p><b>How and why.</b> The paper's integrated feedback is {@code R(τ,i) = O(τ) + (λ/m)·Σ_j
 * S(τ,i,j)}: the task outcome O in {-1,+1} tells every step whether the episode ended well, and the
 * mean of the m verdicts on step i tells which steps helped. An invalid verdict counts as 0 in the
 * sum while the divisor stays m, so an unparseable judgment pulls the step signal towards neutral
 * rather than disappearing; with λ = 1 this keeps R within [-2, 2]. The ablation arms reuse this
 * one function: {@link FeedbackMode#OUTCOME} drops the verdict term, {@link FeedbackMode#STEP_ONLY}
 * drops the outcome (and uses λ = 1, method.md §8).
 */
public final class IntegratedReward {

    private IntegratedReward() {}

    /**
     * The step reward.
     *
     * @param mode which terms to include
     * @param outcome O(τ), +1 or -1
     * @param verdicts the m verdicts on this step (ignored for {@link FeedbackMode#OUTCOME})
     * @param lambda the weight λ of the verdict term in integrated mode
     */
    public static double of(FeedbackMode mode, int outcome, List<Verdict> verdicts, double lambda) {
        if (outcome != 1 && outcome != -1) {
            throw new IllegalArgumentException(
                    "The outcome must be +1 or -1, got " + outcome + ".");
        }
        switch (mode) {
            case OUTCOME:
            case TRAJECTORY_OUTCOME:
                return outcome;
            case INTEGRATED:
                return outcome + lambda * meanVerdict(verdicts);
            case STEP_ONLY:
                return meanVerdict(verdicts);
            default:
                throw new IllegalArgumentException("Unknown feedback mode " + mode + ".");
        }
    }

    /** (1/m)·Σ_j S_j with invalid verdicts counted as 0 and m = the number of verdicts. */
    public static double meanVerdict(List<Verdict> verdicts) {
        if (verdicts.isEmpty()) {
            throw new IllegalArgumentException("A step needs at least one verdict (m >= 1).");
        }
        int sum = 0;
        for (Verdict verdict : verdicts) {
            sum += verdict.value();
        }
        return (double) sum / verdicts.size();
    }
}
