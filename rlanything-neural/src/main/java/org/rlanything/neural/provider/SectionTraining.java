package org.rlanything.neural.provider;

import org.rlanything.neural.train.PpoSettings;

/**
 * The one translation of a neural section into its model's PPO trainer settings: the method's
 * objective ({@link PpoSettings#method()}) at the section's {@code learning_rate} and {@code
 * optimizer_steps}, with the section's own {@code max_tokens_per_forward} (the policy's for the
 * policy, the judge's for the judge), {@code kl_to_start} (the anchor to the starting model) and
 * {@code recompute_layers} and {@code base_dtype}. The token window (longest prompt and response)
 * is the setting's: it depends on what the setting's prompts hold and on the model's positions, so
 * each caller gives it.
 */
public final class SectionTraining {

    private SectionTraining() {}

    /** The policy's trainer settings: {@code policy} with a window of {@code prompt + response}. */
    public static PpoSettings policy(NeuralPolicyConfig policy, int prompt, int response) {
        return of(
                policy.learningRate(),
                policy.optimizerSteps(),
                prompt,
                response,
                policy.maxTokensPerForward(),
                policy.klToStart(),
                policy.recomputeLayers(),
                policy.baseDtype().equals("f16"));
    }

    /** The judge's trainer settings: {@code judge} with a window of {@code prompt + response}. */
    public static PpoSettings judge(NeuralRewardModelConfig judge, int prompt, int response) {
        return of(
                judge.learningRate(),
                judge.optimizerSteps(),
                prompt,
                response,
                judge.maxTokensPerForward(),
                judge.klToStart(),
                judge.recomputeLayers(),
                judge.baseDtype().equals("f16"));
    }

    private static PpoSettings of(
            double learningRate,
            int optimizerSteps,
            int prompt,
            int response,
            int perForward,
            double klToStart,
            boolean recomputeLayers,
            boolean halfPrecisionBase) {
        return PpoSettings.method().toBuilder()
                .learningRate(learningRate)
                .optimizerSteps(optimizerSteps)
                .maxPromptTokens(prompt)
                .maxResponseTokens(response)
                .maxTokensPerForward(perForward)
                .klToStart(klToStart)
                .recomputeLayers(recomputeLayers)
                .halfPrecisionBase(halfPrecisionBase)
                .build();
    }
}
