package org.rlanything.neural.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rlanything.neural.train.PpoSettings;

/**
 * One record of trainable keys for both roles ({@link TrainableSection}). Each role's trainer
 * settings come from its own section: rate, U and per-pass limit (the judge's from {@code
 * reward_model.max_tokens_per_forward}, not the policy's nor a fixed figure), the window as given,
 * the method's objective for the rest.
 */
class TrainableSectionTest {

    @Test
    void eachRoleTrainsWithItsOwnSectionsSettings() {
        NeuralPolicyConfig policy =
                NeuralPolicyConfig.builder()
                        .learningRate(2e-4)
                        .optimizerSteps(3)
                        .maxPromptTokens(300)
                        .maxTokensPerForward(1040)
                        .build();
        NeuralRewardModelConfig judge =
                NeuralRewardModelConfig.builder()
                        .learningRate(5e-5)
                        .optimizerSteps(2)
                        .maxTokens(8)
                        .maxTokensPerForward(2048)
                        .build();

        PpoSettings p = policy.trainable().trainer(64, 300, 24);
        PpoSettings j = judge.trainable().trainer(64, 232, 24);

        PpoSettings method = PpoSettings.method();
        assertEquals(
                method.toBuilder()
                        .learningRate(2e-4)
                        .optimizerSteps(3)
                        .maxPromptTokens(300)
                        .maxResponseTokens(24)
                        .maxTokensPerForward(1040)
                        .build(),
                p);
        assertEquals(
                method.toBuilder()
                        .learningRate(5e-5)
                        .optimizerSteps(2)
                        .maxPromptTokens(232)
                        .maxResponseTokens(24)
                        .maxTokensPerForward(2048)
                        .build(),
                j);
        // the default of the judge's key is the policy's default
        assertEquals(
                NeuralPolicyConfig.DEFAULTS.maxTokensPerForward(),
                NeuralRewardModelConfig.DEFAULTS.maxTokensPerForward());
    }

    @Test
    void theDefaultLearningRateFallsWithTheWidthFromTheEmbeddedModelsRate() {
        TrainableSection unset = NeuralPolicyConfig.DEFAULTS.trainable();
        // the embedded models (width 64) and smaller ones keep the rate tuned on them
        assertEquals(3e-4, unset.trainer(64, 100, 10).learningRate());
        assertEquals(3e-4, unset.trainer(16, 100, 10).learningRate());
        // wider models train slower: 3e-4 * (64 / width)^1.4
        assertEquals(3e-4 * Math.pow(0.5, 1.4), unset.trainer(128, 100, 10).learningRate(), 1e-12);
        double sevenB = unset.trainer(3584, 100, 10).learningRate();
        assertTrue(sevenB > 5e-7 && sevenB < 3e-6, "a 7B width near the method's 1e-6: " + sevenB);
        // a rate the section names is used whatever the width
        NeuralRewardModelConfig named =
                NeuralRewardModelConfig.builder().learningRate(5e-5).build();
        assertEquals(5e-5, named.trainable().trainer(4096, 100, 10).learningRate());
        assertEquals(null, NeuralRewardModelConfig.DEFAULTS.learningRate(), "left to the width");
    }
}
