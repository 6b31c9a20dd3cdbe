package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralRewardModel;
import org.rlanything.neural.PromptFormat;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainerConfig;

/**
 * A {@link NeuralRewardModel} that can be checkpointed; see {@link AgentPolicy} for the contract. Owns its
 * model: close it when done. Not thread-safe.
 */
public final class AgentRewardModel implements RewardModel, Checkpointable, AutoCloseable {

    private final PromptFormat format;
    private final SamplingConfig sampling;
    private final TrainerConfig trainerConfig;
    private NeuralModel model;
    private NeuralRewardModel delegate;

    public AgentRewardModel(NeuralModel model, PromptFormat format, SamplingConfig sampling,
                            TrainerConfig trainerConfig) {
        this.format = Objects.requireNonNull(format, "format");
        this.sampling = Objects.requireNonNull(sampling, "sampling");
        this.trainerConfig = Objects.requireNonNull(trainerConfig, "trainerConfig");
        use(Objects.requireNonNull(model, "model"));
    }

    /** A reward model on the model saved in {@code dir} (weights only: a fresh trainer). */
    public static AgentRewardModel load(Path dir, PromptFormat format, SamplingConfig sampling,
                                        TrainerConfig trainerConfig) throws IOException {
        return new AgentRewardModel(NeuralModel.load(dir, trainerConfig, false), format, sampling, trainerConfig);
    }

    private void use(NeuralModel m) {
        this.model = m;
        this.delegate = new NeuralRewardModel(m, format, sampling);
    }

    @Override
    public List<List<Judgment>> judge(List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        return delegate.judge(requests, m, rngs);
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        return delegate.update(samples, rng);
    }

    /** The same model sampled differently; shares the weights. */
    public NeuralRewardModel withSampling(SamplingConfig other) {
        return new NeuralRewardModel(model, format, other);
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        model.save(directory, Map.of("role", "reward_model"));
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        NeuralModel loaded = NeuralModel.load(directory, trainerConfig, true);
        NeuralModel old = model;
        use(loaded);
        old.close();
    }

    public NeuralModel model() {
        return model;
    }

    public SamplingConfig sampling() {
        return sampling;
    }

    @Override
    public void close() {
        model.close();
    }
}
