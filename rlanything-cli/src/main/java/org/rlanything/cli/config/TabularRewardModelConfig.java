package org.rlanything.cli.config;

/**
 * {@code reward_model.kind: tabular}: a judge with one verdict logit per (door colour, button).
 *
 * @param learningRate the policy-gradient step size
 * @param invalidRate the probability that a judgment has no parseable verdict
 */
public record TabularRewardModelConfig(Double learningRate, Double invalidRate) implements RewardModelConfig {
    public TabularRewardModelConfig {
        learningRate = Check.positive("learning_rate", learningRate, 4.0, 100.0);
        invalidRate = Check.between("invalid_rate", invalidRate, 0.05, 0.0, 0.99);
    }
}
