package org.rlanything.coding.embedded;

import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralRewardModel;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainerConfig;

/**
 * The embedded test writer of the stack language ({@code reward_model.kind: neural}): a small
 * neural model that writes one test line {@code IN -> OUT} per sample after {@code TEST:}, m
 * samples per task; trained by PPO on the consistency reward of its tests ({@link
 * org.rlanything.coding.UnitTestReward}, method.md §7). The judgment's verdict is unused: the
 * coding feedback reads the text. Checkpointable.
 */
public final class MiniTestWriter extends EmbeddedModel<NeuralRewardModel> implements RewardModel {

    public MiniTestWriter(
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            TrainerConfig trainerConfig) {
        super("reward_model", model, format, sampling, trainerConfig);
    }

    @Override
    NeuralRewardModel wrap(
            NeuralModel m, PromptFormat promptFormat, SamplingConfig samplingConfig) {
        return new NeuralRewardModel(m, promptFormat, samplingConfig);
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        return delegate().judge(requests, m, rngs);
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        return delegate().update(samples, rng);
    }
}
