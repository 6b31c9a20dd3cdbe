package org.rlanything.cli.config;

/**
 * {@code policy.kind: tabular}: one logit per (door colour, button); for the key-lock environment.
 *
 * @param learningRate the policy-gradient step size
 */
public record TabularPolicyConfig(Double learningRate) implements PolicyConfig {
    public TabularPolicyConfig {
        learningRate = Check.positive("learning_rate", learningRate, 1.0, 100.0);
    }
}
