package org.rlanything.neural;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.PpoSettings;

/**
 * A {@link NeuralRewardModel} that can be checkpointed; see {@link CheckpointedModel} for the
 * contract.
 */
public final class CheckpointedRewardModel extends CheckpointedModel<NeuralRewardModel>
        implements RewardModel {

    public CheckpointedRewardModel(
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            PpoSettings trainerConfig) {
        this(model, format, ChatForm.HOUSEHOLD, sampling, trainerConfig);
    }

    /**
     * A reward model on the household chat form whose chat model scores the two verdict replies
     * when {@code scoreVerdicts}.
     */
    public CheckpointedRewardModel(
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            PpoSettings trainerConfig,
            boolean scoreVerdicts) {
        this(model, format, ChatForm.HOUSEHOLD, sampling, trainerConfig, scoreVerdicts);
    }

    /** A reward model whose chat model (one with a chat template) reads {@code chatPrompts}. */
    public CheckpointedRewardModel(
            NeuralModel model,
            PromptFormat format,
            ChatPrompts chatPrompts,
            SamplingConfig sampling,
            PpoSettings trainerConfig) {
        this(model, format, chatPrompts, sampling, trainerConfig, false);
    }

    /**
     * A reward model whose chat model scores the two verdict replies when {@code scoreVerdicts}
     * (see {@link NeuralRewardModel}).
     */
    public CheckpointedRewardModel(
            NeuralModel model,
            PromptFormat format,
            ChatPrompts chatPrompts,
            SamplingConfig sampling,
            PpoSettings trainerConfig,
            boolean scoreVerdicts) {
        super("reward_model", model, format, chatPrompts, sampling, trainerConfig, scoreVerdicts);
    }

    /** A reward model on the model saved in {@code dir} (weights only: a fresh trainer). */
    public static CheckpointedRewardModel load(
            Path dir, PromptFormat format, SamplingConfig sampling, PpoSettings trainerConfig)
            throws IOException {
        return new CheckpointedRewardModel(
                NeuralModel.load(dir, trainerConfig, false), format, sampling, trainerConfig);
    }

    @Override
    NeuralRewardModel wrap(
            NeuralModel m,
            PromptFormat promptFormat,
            ChatPrompts chatPrompts,
            SamplingConfig samplingConfig,
            boolean option) {
        return new NeuralRewardModel(m, promptFormat, chatPrompts, samplingConfig, option);
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        return delegate().judge(requests, m, rngs);
    }

    @Override
    public Optional<Judgment> teach(JudgeRequest request, Judgment example) {
        return delegate().teach(request, example);
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        return delegate().update(samples, rng);
    }
}
