package org.rlanything.core.spi;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.loop.AlgorithmConfig;

/**
 * What every factory of a run may read besides its own section: the run seed, the loop's settings,
 * the other sections' settings (an environment that wires its own models reads them), and where
 * progress goes.
 *
 * @param seed the run seed; every random choice derives from it
 * @param algorithm the {@code algorithm} section (the arm, K, N, m, k, ...)
 * @param evaluateEvery evaluate every E iterations (0: only before and after the run)
 * @param startingModels the folder of starting models ({@code trainer.starting_models}); null if
 *     none named
 * @param policy the {@code policy} section's settings
 * @param rewardModel the {@code reward_model} section's settings
 * @param log progress lines for the user
 * @param engine the run's rollout engine ({@code trainer.rollout_engine}), for the evaluation's
 *     rollouts and judging too
 * @param maxSteps H, the environment section's step limit of a rollout (0 where a caller knows
 *     none); what a starting model's episodes are played to
 */
public record RunContext(
        long seed,
        AlgorithmConfig algorithm,
        int evaluateEvery,
        Path startingModels,
        PolicyConfig policy,
        RewardModelConfig rewardModel,
        Consumer<String> log,
        RolloutEngine engine,
        int maxSteps) {
    public RunContext {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(rewardModel, "rewardModel");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(engine, "engine");
        if (maxSteps < 0) {
            throw new IllegalArgumentException("maxSteps must be >= 0, got " + maxSteps);
        }
    }
}
