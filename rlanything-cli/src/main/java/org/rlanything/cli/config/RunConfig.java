package org.rlanything.cli.config;

import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentConfig;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.core.spi.RewriterConfig;
import org.rlanything.core.spi.Section;

/**
 * A whole training configuration, as read from YAML: {@code trainer}, {@code environment}, {@code
 * policy}, {@code reward_model}, {@code algorithm} and the optional {@code rewriter}. Every section
 * and key is optional and has a default (an absent kinded section is its default kind's, as the
 * {@link ProviderRegistry} says; an absent {@code rewriter} section, null here, is the
 * environment's own rewriter); every value is validated when the record is built, before any work
 * starts.
 */
public record RunConfig(
        TrainerConfig trainer,
        EnvironmentConfig environment,
        PolicyConfig policy,
        RewardModelConfig rewardModel,
        AlgorithmConfig algorithm,
        RewriterConfig rewriter) {

    /** A config whose rewriter is the environment's own. */
    public RunConfig(
            TrainerConfig trainer,
            EnvironmentConfig environment,
            PolicyConfig policy,
            RewardModelConfig rewardModel,
            AlgorithmConfig algorithm) {
        this(trainer, environment, policy, rewardModel, algorithm, null);
    }

    public RunConfig {
        trainer = trainer == null ? TrainerConfig.defaults() : trainer;
        environment =
                environment == null
                        ? (EnvironmentConfig)
                                ProviderRegistry.get().defaultConfig(Section.ENVIRONMENT)
                        : environment;
        policy =
                policy == null
                        ? (PolicyConfig) ProviderRegistry.get().defaultConfig(Section.POLICY)
                        : policy;
        rewardModel =
                rewardModel == null
                        ? (RewardModelConfig)
                                ProviderRegistry.get().defaultConfig(Section.REWARD_MODEL)
                        : rewardModel;
        algorithm = algorithm == null ? AlgorithmConfig.defaults() : algorithm;
        if (algorithm.tasksPerIteration() > environment.poolSize()) {
            throw new InvalidValueException(
                    "algorithm.tasks_per_iteration",
                    "expected at most environment.pool_size ("
                            + environment.poolSize()
                            + ") tasks, got "
                            + algorithm.tasksPerIteration()
                            + ".");
        }
    }

    /** The kind of {@code section}'s settings (for messages and the run folder). */
    public String kindOf(Section section) {
        Object config =
                switch (section) {
                    case ENVIRONMENT -> environment;
                    case POLICY -> policy;
                    case REWARD_MODEL -> rewardModel;
                    case REWRITER -> rewriter;
                };
        if (config == null) {
            return "environment"; // no rewriter section: the environment's own
        }
        return ProviderRegistry.get().providerOf(config).kind();
    }
}
