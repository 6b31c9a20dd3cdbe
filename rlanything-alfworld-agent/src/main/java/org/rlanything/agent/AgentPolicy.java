package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralPolicy;
import org.rlanything.neural.PromptFormat;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainerConfig;

/**
 * A {@link NeuralPolicy} that can be checkpointed: {@link #saveTo} writes the model's checkpoint (weights,
 * tokenizer, optimizer moments, counters), {@link #loadFrom} replaces the model by the saved one with its
 * trainer state (exact resume). Owns its model: close it when done. Not thread-safe.
 */
public final class AgentPolicy implements Policy, Checkpointable, AutoCloseable {

    private final PromptFormat format;
    private final SamplingConfig sampling;
    private final TrainerConfig trainerConfig;
    private NeuralModel model;
    private NeuralPolicy delegate;

    public AgentPolicy(NeuralModel model, PromptFormat format, SamplingConfig sampling, TrainerConfig trainerConfig) {
        this.format = Objects.requireNonNull(format, "format");
        this.sampling = Objects.requireNonNull(sampling, "sampling");
        this.trainerConfig = Objects.requireNonNull(trainerConfig, "trainerConfig");
        use(Objects.requireNonNull(model, "model"));
    }

    /** A policy on the model saved in {@code dir} (weights only: a fresh trainer under {@code trainerConfig}). */
    public static AgentPolicy load(Path dir, PromptFormat format, SamplingConfig sampling, TrainerConfig trainerConfig)
            throws IOException {
        return new AgentPolicy(NeuralModel.load(dir, trainerConfig, false), format, sampling, trainerConfig);
    }

    private void use(NeuralModel m) {
        this.model = m;
        this.delegate = new NeuralPolicy(m, format, sampling);
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        return delegate.act(contexts, rngs);
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        return delegate.update(samples, rng);
    }

    /** The same model sampled differently (for example at the evaluation temperature); shares the weights. */
    public NeuralPolicy withSampling(SamplingConfig other) {
        return new NeuralPolicy(model, format, other);
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        model.save(directory, Map.of("role", "policy"));
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

    public PromptFormat format() {
        return format;
    }

    public SamplingConfig sampling() {
        return sampling;
    }

    @Override
    public void close() {
        model.close();
    }
}
