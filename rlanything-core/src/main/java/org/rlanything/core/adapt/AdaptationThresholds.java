package org.rlanything.core.adapt;

import java.util.Optional;
import org.rlanything.core.RewriteGoal;

/**
 * When a task is rewritten and when its candidate is accepted (method.md §5), with α_low = 0.2 and
 * α_high = 0.8 by default.
 *
 * <p><b>How and why.</b> Training signal lives in the middle band: a task every rollout solves (or
 * fails) gives the group-standardised advantages nothing to contrast, and Theorem 2 says the reward
 * model then trains only one of its two error rates. So a task at or beyond a threshold is
 * rewritten towards the band: {@code acc >= α_high} asks for a harder task, {@code acc <= α_low}
 * for an easier one. The candidate is tried on N fresh rollouts at the next iteration and accepted
 * with the project's inclusive bounds (those of the reference implementation):
 *
 * <ul>
 *   <li>harder: {@code acc′ > 0} and {@code acc′ < prev_acc} and {@code acc′ >= α_low}
 *   <li>easier: {@code acc′ > 0} and {@code acc′ > prev_acc} and {@code acc′ <= α_high}
 * </ul>
 *
 * {@code acc′ > 0} proves the candidate attainable (some rollout solved it); the other two bounds
 * demand that it moved the right way without overshooting the band. With N = 8, a harder rewrite
 * must land in 2/8..7/8 and an easier one in 1/8..6/8. Accuracies are ratios of small integers
 * compared with decimal thresholds, so comparisons allow a 1e-9 tolerance (e.g. 0.8 reached as 4/5
 * counts as 0.8).
 */
public record AdaptationThresholds(double low, double high) {

    private static final double TOLERANCE = 1e-9;

    public AdaptationThresholds {
        if (!(low >= 0 && high <= 1 && low < high)) {
            throw new IllegalArgumentException(
                    "Adaptation thresholds need 0 <= alpha_low < alpha_high <= 1, got "
                            + low
                            + " and "
                            + high
                            + ".");
        }
    }

    /** α_low = 0.2, α_high = 0.8. */
    public static AdaptationThresholds defaults() {
        return new AdaptationThresholds(0.2, 0.8);
    }

    /**
     * The goal for a task with this accuracy, or empty when it lies strictly inside (α_low,
     * α_high).
     */
    public Optional<RewriteGoal> trigger(double accuracy) {
        if (accuracy >= high - TOLERANCE) {
            return Optional.of(RewriteGoal.HARDER);
        }
        if (accuracy <= low + TOLERANCE) {
            return Optional.of(RewriteGoal.EASIER);
        }
        return Optional.empty();
    }

    /**
     * Whether a candidate written for {@code goal} is accepted at accuracy {@code
     * candidateAccuracy}.
     */
    public boolean accepts(RewriteGoal goal, double previousAccuracy, double candidateAccuracy) {
        if (candidateAccuracy <= TOLERANCE) {
            return false; // acc' > 0: no rollout solved it, so it is not shown attainable
        }
        switch (goal) {
            case HARDER:
                return candidateAccuracy < previousAccuracy - TOLERANCE
                        && candidateAccuracy >= low - TOLERANCE;
            case EASIER:
                return candidateAccuracy > previousAccuracy + TOLERANCE
                        && candidateAccuracy <= high + TOLERANCE;
            default:
                throw new IllegalArgumentException("Unknown rewrite goal " + goal + ".");
        }
    }
}
