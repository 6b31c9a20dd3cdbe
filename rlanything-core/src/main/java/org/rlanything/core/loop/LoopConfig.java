package org.rlanything.core.loop;

import java.util.Objects;
import org.rlanything.core.reward.FeedbackMode;

/**
 * The loop's settings (method.md §1-§5, §7): the {@code algorithm} section ({@link
 * AlgorithmConfig}, where each of the loop's settings is declared with its default) and the three
 * settings the loop takes from elsewhere: the run seed, the environment's step limit H and the
 * evaluation cadence E. The arm's switches (what the policy's step reward is made of, whether the
 * reward model trains, whether tasks are rewritten) are read from {@link Ablation}.
 *
 * @param seed the run seed; every random choice derives from it
 * @param algorithm the {@code algorithm} section: the arm, K, N, m, λ, α, the bands, k
 * @param maxSteps H, the step limit of a training rollout
 * @param evaluateEvery E, evaluate every E iterations (0: never)
 */
public record LoopConfig(long seed, AlgorithmConfig algorithm, int maxSteps, int evaluateEvery) {

    public LoopConfig {
        Objects.requireNonNull(algorithm, "algorithm");
        if (maxSteps <= 0) {
            throw new IllegalArgumentException("max_steps (" + maxSteps + ") must be > 0.");
        }
        if (evaluateEvery < 0) {
            throw new IllegalArgumentException(
                    "evaluate_every (" + evaluateEvery + ") must be >= 0 (0 = never).");
        }
    }

    /** What the policy's step reward is made of (the arm's). */
    public FeedbackMode feedback() {
        return algorithm.arm().feedback();
    }

    /** Whether the reward model is updated (false: frozen; the arm's). */
    public boolean trainRewardModel() {
        return algorithm.arm().trainRewardModel();
    }

    /** Whether tasks are rewritten (false: fixed tasks; the arm's). */
    public boolean adaptEnvironment() {
        return algorithm.arm().adaptEnvironment();
    }

    /** Whether this configuration needs the reward model's judgments at all. */
    public boolean needsJudgments() {
        return feedback().usesVerdicts() || trainRewardModel() || adaptEnvironment();
    }
}
