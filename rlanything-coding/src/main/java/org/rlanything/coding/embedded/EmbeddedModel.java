package org.rlanything.coding.embedded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.WeightsTransfer;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainerConfig;

/**
 * The shared part of {@link MiniPolicy} and {@link MiniTestWriter}: a neural model behind a core
 * adapter ({@code D}) that a run can checkpoint. {@link #saveTo} writes the model's checkpoint
 * (weights, tokenizer, optimizer moments, counters); {@link #loadFrom} replaces the model by the
 * saved one with its trainer state and rebuilds the adapter. Owns its model. Not thread-safe.
 *
 * @param <D> the adapter type
 */
abstract class EmbeddedModel<D> implements Checkpointable, AutoCloseable, WeightsTransfer {

    private final String role;
    private final PromptFormat format;
    private final SamplingConfig sampling;
    private final TrainerConfig trainerConfig;
    private NeuralModel model;
    private D delegate;

    EmbeddedModel(
            String role,
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            TrainerConfig trainerConfig) {
        this.role = role;
        this.format = Objects.requireNonNull(format, "format");
        this.sampling = Objects.requireNonNull(sampling, "sampling");
        this.trainerConfig = Objects.requireNonNull(trainerConfig, "trainerConfig");
        use(Objects.requireNonNull(model, "model"));
    }

    /** The adapter on {@code m}. */
    abstract D wrap(NeuralModel m, PromptFormat promptFormat, SamplingConfig samplingConfig);

    private void use(NeuralModel m) {
        model = m;
        delegate = wrap(m, format, sampling);
    }

    D delegate() {
        return delegate;
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        model.save(directory, Map.of("role", role));
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        NeuralModel loaded = NeuralModel.load(directory, trainerConfig, true);
        NeuralModel old = model;
        use(loaded);
        old.close();
    }

    @Override
    public VersionedWeights exportWeights() {
        return model.exportWeights();
    }

    @Override
    public void importWeights(VersionedWeights weights) {
        model.importWeights(weights);
    }

    /** The network. */
    public NeuralModel model() {
        return model;
    }

    @Override
    public void close() {
        model.close();
    }
}
