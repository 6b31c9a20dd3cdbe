package org.rlanything.neural.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.RewardModelConfig;

/**
 * {@code reward_model.kind: neural}: the small generative judge (rlanything-neural): a short
 * judgment ending in a boxed verdict, sampled m times per step; trained by the same PPO objective
 * on consistency rewards.
 *
 * @param learningRate AdamW learning rate
 * @param optimizerSteps U, optimizer steps per iteration
 * @param temperature sampling temperature of judgments
 * @param maxTokens the longest judgment in tokens
 */
public record NeuralRewardModelConfig(
        Double learningRate, Integer optimizerSteps, Double temperature, Integer maxTokens)
        implements RewardModelConfig {

    /** Every key at its default. */
    public static final NeuralRewardModelConfig DEFAULTS =
            new NeuralRewardModelConfig(null, null, null, null);

    public NeuralRewardModelConfig {
        learningRate = Check.between("learning_rate", learningRate, 3e-4, 1e-9, 1.0);
        optimizerSteps = Check.between("optimizer_steps", optimizerSteps, 4, 1, 1000);
        temperature = Check.between("temperature", temperature, 1.0, 0.0, 10.0);
        maxTokens = Check.between("max_tokens", maxTokens, 10, 2, 4096);
    }
}
