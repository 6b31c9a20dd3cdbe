package org.rlanything.cli.config;

/**
 * A whole training configuration, as read from YAML: {@code trainer}, {@code environment}, {@code policy},
 * {@code reward_model} and {@code algorithm}. Every section and key is optional and has a default; every
 * value is validated when the record is built, before any work starts.
 */
public record RunConfig(TrainerConfig trainer, EnvironmentConfig environment, PolicyConfig policy,
                        RewardModelConfig rewardModel, AlgorithmConfig algorithm) {
    public RunConfig {
        trainer = trainer == null ? TrainerConfig.defaults() : trainer;
        environment = environment == null ? new KeyLockEnvironmentConfig(null, null, null, null) : environment;
        policy = policy == null ? new TabularPolicyConfig(null) : policy;
        rewardModel = rewardModel == null ? new TabularRewardModelConfig(null, null) : rewardModel;
        algorithm = algorithm == null ? AlgorithmConfig.defaults() : algorithm;
        if (algorithm.tasksPerIteration() > environment.poolSize()) {
            throw new InvalidValueException("algorithm.tasks_per_iteration", "expected at most environment.pool_size ("
                    + environment.poolSize() + ") tasks, got " + algorithm.tasksPerIteration() + ".");
        }
    }
}
