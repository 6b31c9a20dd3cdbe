package org.rlanything.coding.embedded;

import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralPolicy;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainerConfig;

/**
 * The embedded policy of the stack language: a small neural model that writes one program per
 * rollout, token by token, after {@code Program:} (free text, no admissible list); trained by PPO
 * on the z-scored ground-truth pass ratio (method.md §7). Checkpointable.
 */
public final class MiniPolicy extends EmbeddedModel<NeuralPolicy> implements Policy {

    public MiniPolicy(
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            TrainerConfig trainerConfig) {
        super("policy", model, format, sampling, trainerConfig);
    }

    @Override
    NeuralPolicy wrap(NeuralModel m, PromptFormat promptFormat, SamplingConfig samplingConfig) {
        return new NeuralPolicy(m, promptFormat, samplingConfig);
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
