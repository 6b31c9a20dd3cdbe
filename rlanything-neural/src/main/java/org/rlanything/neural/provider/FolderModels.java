package org.rlanything.neural.provider;

import java.io.IOException;
import java.nio.file.Path;
import org.rlanything.core.PromptFormat;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.PpoSettings;

/**
 * The embedded policy and judge loaded from a starting-models folder made by a warm start ({@link
 * GenericWarmStart}), each training by its section's keys ({@link TrainableSection}) in the window
 * its setting gives it: the generic models' ({@link GenericModels}) and coding-mini's.
 */
public final class FolderModels {

    private FolderModels() {}

    /**
     * The policy in {@code dir}: its prompt is {@code policy.max_prompt_tokens} or the model's
     * positions less the warm start's response window ({@link GenericWarmStart#RESPONSE_TOKENS}),
     * whichever is shorter; it samples up to {@code sampledTokens} tokens; {@code seed} draws its
     * LoRA adapters.
     */
    public static CheckpointedPolicy policy(
            Path dir, NeuralPolicyConfig config, PromptFormat format, int sampledTokens, long seed)
            throws IOException {
        int response = GenericWarmStart.RESPONSE_TOKENS;
        TrainableSection section = config.trainable();
        PpoSettings trainer =
                section.trainer(
                        dir,
                        Math.min(
                                config.maxPromptTokens(), ImportedModels.positions(dir) - response),
                        response);
        return section.adapted(
                NeuralModel.load(dir, trainer, false),
                seed,
                model ->
                        new CheckpointedPolicy(
                                model,
                                format,
                                new SamplingConfig(config.temperature(), 1.0, sampledTokens),
                                trainer));
    }

    /**
     * The judge in {@code dir}, trained on replies of up to {@code response} tokens after prompts
     * filling the rest of the model's positions (the caller has checked that some are left); it
     * samples up to {@code reward_model.max_tokens}; {@code seed} draws its LoRA adapters.
     */
    public static CheckpointedRewardModel judge(
            Path dir, NeuralRewardModelConfig config, PromptFormat format, int response, long seed)
            throws IOException {
        TrainableSection section = config.trainable();
        PpoSettings trainer =
                section.trainer(dir, ImportedModels.positions(dir) - response, response);
        return section.adapted(
                NeuralModel.load(dir, trainer, false),
                seed,
                model ->
                        new CheckpointedRewardModel(
                                model,
                                format,
                                new SamplingConfig(config.temperature(), 1.0, config.maxTokens()),
                                trainer));
    }
}
