package org.rlanything.neural.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.rlanything.neural.train.PpoSettings;

/**
 * Each role's trainer settings come from its own section: rate, U and per-pass limit (the judge's
 * from {@code reward_model.max_tokens_per_forward}, not the policy's nor a fixed figure), the
 * window as given, the method's objective for the rest.
 */
class SectionTrainingTest {

    @Test
    void eachRoleTrainsWithItsOwnSectionsSettings() {
        NeuralPolicyConfig policy =
                new NeuralPolicyConfig(2e-4, 3, null, 300, 1040, null, null, null, null, null);
        NeuralRewardModelConfig judge =
                new NeuralRewardModelConfig(5e-5, 2, null, 8, null, null, null, null, 2048);

        PpoSettings p = SectionTraining.policy(policy, 300, 24);
        PpoSettings j = SectionTraining.judge(judge, 232, 24);

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
}
