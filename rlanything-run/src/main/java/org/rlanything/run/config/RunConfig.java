package org.rlanything.run.config;

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
        ProviderRegistry registry = ProviderRegistry.get();
        environment = environment == null ? registry.environments().defaultConfig() : environment;
        policy = policy == null ? registry.policies().defaultConfig() : policy;
        rewardModel = rewardModel == null ? registry.rewardModels().defaultConfig() : rewardModel;
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
        ProviderRegistry registry = ProviderRegistry.get();
        return switch (section) {
            case ENVIRONMENT -> registry.environments().of(environment).kind();
            case POLICY -> registry.policies().of(policy).kind();
            case REWARD_MODEL -> registry.rewardModels().of(rewardModel).kind();
            // no rewriter section: the environment's own
            case REWRITER ->
                    rewriter == null ? "environment" : registry.rewriters().of(rewriter).kind();
        };
    }
}
