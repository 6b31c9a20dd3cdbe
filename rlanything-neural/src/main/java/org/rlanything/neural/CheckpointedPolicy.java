package org.rlanything.neural;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.PpoSettings;

/**
 * A {@link NeuralPolicy} that can be checkpointed; see {@link CheckpointedModel} for the contract.
 */
public final class CheckpointedPolicy extends CheckpointedModel<NeuralPolicy> implements Policy {

    public CheckpointedPolicy(
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            PpoSettings trainerConfig) {
        this(model, format, sampling, trainerConfig, false);
    }

    /**
     * A policy whose chat model (one with a chat template) has the listed commands scored when
     * {@code scoreChatCandidates}, and writes its answer otherwise (see {@link NeuralPolicy}).
     */
    public CheckpointedPolicy(
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            PpoSettings trainerConfig,
            boolean scoreChatCandidates) {
        this(model, format, ChatForm.HOUSEHOLD, sampling, trainerConfig, scoreChatCandidates);
    }

    /**
     * A policy whose chat model (one with a chat template) reads {@code chatPrompts}'s turns, and
     * has the listed commands scored when {@code scoreChatCandidates} (see {@link NeuralPolicy}).
     */
    public CheckpointedPolicy(
            NeuralModel model,
            PromptFormat format,
            ChatPrompts chatPrompts,
            SamplingConfig sampling,
            PpoSettings trainerConfig,
            boolean scoreChatCandidates) {
        super("policy", model, format, chatPrompts, sampling, trainerConfig, scoreChatCandidates);
    }

    /**
     * A policy on the model saved in {@code dir} (weights only: a fresh trainer under {@code
     * trainerConfig}).
     */
    public static CheckpointedPolicy load(
            Path dir, PromptFormat format, SamplingConfig sampling, PpoSettings trainerConfig)
            throws IOException {
        return new CheckpointedPolicy(
                NeuralModel.load(dir, trainerConfig, false), format, sampling, trainerConfig);
    }

    @Override
    NeuralPolicy wrap(
            NeuralModel m,
            PromptFormat promptFormat,
            ChatPrompts chatPrompts,
            SamplingConfig samplingConfig,
            boolean scoreChat) {
        return new NeuralPolicy(m, promptFormat, chatPrompts, samplingConfig, scoreChat);
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        return delegate().act(contexts, rngs);
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        return delegate().update(samples, rng);
    }
}
