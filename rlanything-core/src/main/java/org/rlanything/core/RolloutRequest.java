package org.rlanything.core;

import java.util.Objects;

/**
 * One trajectory to roll out.
 *
 * @param task the task to attempt
 * @param rollout 0-based index among the task's rollouts
 * @param seed the seed of all randomness of this trajectory (environment and policy sampling)
 */
public record RolloutRequest(Task task, int rollout, long seed) {
    public RolloutRequest {
        Objects.requireNonNull(task, "task");
    }

    /** The generator for the environment's randomness. */
    public java.util.random.RandomGenerator environmentRng() {
        return Seeds.rng(seed, Seeds.purpose("environment"));
    }

    /** The generator for the policy's sampling at step {@code step}. */
    public java.util.random.RandomGenerator policyRng(int step) {
        return Seeds.rng(seed, Seeds.purpose("policy"), step);
    }
}
