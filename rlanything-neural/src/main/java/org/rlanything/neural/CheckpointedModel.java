package org.rlanything.neural;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.PromptFormat;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.PpoSettings;

/**
 * The shared part of {@link CheckpointedPolicy} and {@link CheckpointedRewardModel}: a neural model
 * behind a core adapter ({@code D}) that can be checkpointed. {@link #saveTo} writes the model's
 * checkpoint (weights, tokenizer, optimizer moments, counters); {@link #loadFrom} replaces the
 * model by the saved one with its trainer state (exact resume) and rebuilds the adapter. Owns its
 * model: close it when done. Not thread-safe.
 *
 * <p><b>The anchor's reference ({@code kl_to_start} &gt; 0).</b> The model this object is made with
 * is the run's starting model (the section's {@code init} or its part of the starting models, LoRA
 * adapters as drawn): its weights are taken as the trainer's reference π_ref here, and every model
 * {@link #loadFrom} puts in its place keeps that reference. A resumed run makes this object from
 * the same starting model before loading its checkpoint, so its reference is the uninterrupted
 * run's, bit for bit, and no checkpoint holds a copy of it. {@code trainer.policy_init} and {@code
 * trainer.reward_model_init} load through {@link #loadFrom} too, so they do not move the reference:
 * it stays the section's starting model.
 *
 * @param <D> the adapter type ({@code NeuralPolicy} or {@code NeuralRewardModel})
 */
abstract class CheckpointedModel<D>
        implements Checkpointable, AutoCloseable, org.rlanything.core.WeightsTransfer {

    private final String role;
    private final PromptFormat format;
    private final ChatPrompts chat;
    private final SamplingConfig sampling;
    private final PpoSettings trainerConfig;
    private final boolean option;
    private NeuralModel model;
    private D delegate;

    CheckpointedModel(
            String role,
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            PpoSettings trainerConfig) {
        this(role, model, format, ChatForm.HOUSEHOLD, sampling, trainerConfig, false);
    }

    /**
     * {@code chat} is what a chat model reads (see {@link ChatForm}); {@code option} is passed to
     * {@link #wrap} (the policy: score a chat model's commands).
     */
    CheckpointedModel(
            String role,
            NeuralModel model,
            PromptFormat format,
            ChatPrompts chat,
            SamplingConfig sampling,
            PpoSettings trainerConfig,
            boolean option) {
        this.option = option;
        this.role = role;
        this.format = Objects.requireNonNull(format, "format");
        this.chat = Objects.requireNonNull(chat, "chat");
        this.sampling = Objects.requireNonNull(sampling, "sampling");
        this.trainerConfig = Objects.requireNonNull(trainerConfig, "trainerConfig");
        use(Objects.requireNonNull(model, "model"));
    }

    /** The adapter on {@code m} with {@code samplingConfig}. */
    abstract D wrap(
            NeuralModel m,
            PromptFormat promptFormat,
            ChatPrompts chatPrompts,
            SamplingConfig samplingConfig,
            boolean option);

    /** Replaces the model; the first one's weights become the anchor's reference. */
    private void use(NeuralModel m) {
        if (model == null) {
            m.trainer().anchorHere();
        } else {
            m.trainer().anchorAt(model.trainer());
        }
        this.model = m;
        this.delegate = wrap(m, format, chat, sampling, option);
    }

    D delegate() {
        return delegate;
    }

    /**
     * The same model sampled differently (for example at the evaluation temperature); shares the
     * weights.
     */
    public D withSampling(SamplingConfig other) {
        return wrap(model, format, chat, other, option);
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        model.save(directory, Map.of("role", role));
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        NeuralModel loaded = NeuralModel.load(directory, trainerConfig, true);
        NeuralModel old = model;
        try {
            use(loaded);
        } catch (RuntimeException e) {
            loaded.close(); // a checkpoint of another model: the old one stays in use
            throw e;
        }
        old.close();
    }

    /** The network's weights, so that a distributed rollout engine can ship them to its workers. */
    @Override
    public VersionedWeights exportWeights() {
        return model().exportWeights();
    }

    @Override
    public void importWeights(VersionedWeights weights) {
        model().importWeights(weights);
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
