package org.rlanything.cli.config;

import org.rlanything.agent.AgentSettings;

/**
 * {@code reward_model.kind: neural}: the small generative judge (rlanything-neural): a short judgment
 * ending in a boxed verdict, sampled m times per step; trained by the same PPO objective on consistency
 * rewards.
 *
 * @param learningRate AdamW learning rate
 * @param optimizerSteps U, optimizer steps per iteration
 * @param temperature sampling temperature of judgments
 * @param maxTokens the longest judgment in tokens
 */
public record NeuralRewardModelConfig(Double learningRate, Integer optimizerSteps, Double temperature,
                                      Integer maxTokens) implements RewardModelConfig {

    private static final AgentSettings DEFAULTS = AgentSettings.builder().build();

    public NeuralRewardModelConfig {
        learningRate = Check.between("learning_rate", learningRate, DEFAULTS.rewardModelLearningRate(), 1e-9, 1.0);
        optimizerSteps = Check.between("optimizer_steps", optimizerSteps, DEFAULTS.rewardModelOptimizerSteps(), 1,
                1000);
        temperature = Check.between("temperature", temperature, DEFAULTS.rewardModelTemperature(), 0.0, 10.0);
        maxTokens = Check.between("max_tokens", maxTokens, DEFAULTS.rewardModelMaxTokens(), 2, 4096);
    }
}
