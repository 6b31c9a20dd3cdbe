package org.rlanything.agent;

import java.nio.file.Path;
import java.util.Objects;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * Everything an ALFWorld training run with the neural backend needs ({@link AlfworldExperiment}),
 * as one immutable value: the run's seed, starting models and evaluation cadence, and the settings
 * records of its sections, where each setting is declared once with its default and meaning ({@link
 * AlfworldEnvironmentConfig}, {@link AlgorithmConfig} with the ALFWorld sizes, {@link
 * NeuralPolicyConfig}, {@link NeuralRewardModelConfig}). Read a setting from its section ({@code
 * settings.environment().maxSteps()}); change one with the section's own record.
 *
 * @param seed the run seed (games, loop, evaluation)
 * @param startingModels folder with {@code policy/} and {@code reward_model/} from {@code
 *     rlanything pretrain}; null: pretrain in-process with {@link PretrainSettings#defaults(long)}
 *     of the seed
 * @param evaluateEvery E (0: only before and after the run)
 * @param environment the {@code environment} section
 * @param algorithm the {@code algorithm} section
 * @param policy the {@code policy} section
 * @param rewardModel the {@code reward_model} section
 */
public record AgentSettings(
        long seed,
        Path startingModels,
        int evaluateEvery,
        AlfworldEnvironmentConfig environment,
        AlgorithmConfig algorithm,
        NeuralPolicyConfig policy,
        NeuralRewardModelConfig rewardModel) {

    public AgentSettings {
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(rewardModel, "rewardModel");
        if (evaluateEvery < 0) {
            throw new IllegalArgumentException(
                    "evaluate_every (" + evaluateEvery + ") must be >= 0.");
        }
    }

    /**
     * The embedded default of seed {@code seed}: every section at the {@code alfworld} kind's
     * defaults, pretrained in-process, evaluated only before and after the run.
     */
    public static AgentSettings defaults(long seed) {
        return new AgentSettings(
                seed,
                null,
                0,
                AlfworldEnvironmentConfig.DEFAULTS,
                AlfworldEnvironmentConfig.ALGORITHM,
                NeuralPolicyConfig.DEFAULTS,
                NeuralRewardModelConfig.DEFAULTS);
    }
}
