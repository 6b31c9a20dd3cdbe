package org.rlanything.demo;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.RewardModelConfig;

/**
 * {@code reward_model.kind: tabular}: a judge with one verdict logit per (door colour, button).
 *
 * @param learningRate the policy-gradient step size
 * @param invalidRate the probability that a judgment has no parseable verdict
 */
public record TabularRewardModelConfig(Double learningRate, Double invalidRate)
        implements RewardModelConfig {
    /** Every key at its default. */
    public static final TabularRewardModelConfig DEFAULTS =
            new TabularRewardModelConfig(null, null);

    public TabularRewardModelConfig {
        learningRate = Check.positive("learning_rate", learningRate, 4.0, 100.0);
        invalidRate = Check.between("invalid_rate", invalidRate, 0.05, 0.0, 0.99);
    }
}
