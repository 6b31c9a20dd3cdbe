package org.rlanything.core.reward;

/**
 * How the reward model's samples of one task are weighed against each other (an option of this
 * project; method.md §4 weighs every step alike).
 *
 * <p><b>Why an option.</b> A failed rollout runs all H steps while a won one stops at its winning
 * step, so with per-step weighting the steps of failures dominate the judge's samples and the
 * consistency reward mostly teaches it to say −1 (measured: its true-positive rate fell and μ of
 * Theorem 1 drifted towards 1). Theorem 2 weighs trajectories; {@link #TRAJECTORY} follows it.
 */
public enum RewardModelWeighting {
    /** Every judged step weighs the same (the reference). */
    STEP,
    /**
     * Each trajectory of a task weighs the same in total: a sample's advantage is multiplied by L̄
     * / L_τ, where L_τ is its trajectory's length and L̄ the mean length over the task's
     * trajectories, so the mean weight of a step stays 1 and the update's scale is unchanged.
     */
    TRAJECTORY
}
