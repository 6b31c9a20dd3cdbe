package org.rlanything.neural.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.PolicyConfig;

/**
 * {@code policy.kind: neural}: the small language-model policy (rlanything-neural), started from
 * the starting models ({@code trainer.starting_models}) and trained by PPO-clip with the k3 KL
 * penalty.
 *
 * @param learningRate AdamW learning rate (the method's 1e-6 is for 7B models)
 * @param optimizerSteps U, optimizer steps per iteration
 * @param temperature sampling temperature in training rollouts
 * @param maxPromptTokens prompt limit (must match the starting models' positions)
 * @param maxTokensPerForward padded tokens per forward pass (bounds memory)
 */
public record NeuralPolicyConfig(
        Double learningRate,
        Integer optimizerSteps,
        Double temperature,
        Integer maxPromptTokens,
        Integer maxTokensPerForward)
        implements PolicyConfig {

    /** Every key at its default. */
    public static final NeuralPolicyConfig DEFAULTS =
            new NeuralPolicyConfig(null, null, null, null, null);

    public NeuralPolicyConfig {
        learningRate = Check.between("learning_rate", learningRate, 3e-4, 1e-9, 1.0);
        optimizerSteps = Check.between("optimizer_steps", optimizerSteps, 4, 1, 1000);
        temperature = Check.between("temperature", temperature, 1.0, 0.0, 10.0);
        maxPromptTokens = Check.between("max_prompt_tokens", maxPromptTokens, 200, 8, 100000);
        maxTokensPerForward =
                Check.between("max_tokens_per_forward", maxTokensPerForward, 4096, 64, 1 << 20);
    }
}
