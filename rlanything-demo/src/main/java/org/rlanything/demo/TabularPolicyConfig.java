package org.rlanything.demo;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.PolicyConfig;

/**
 * {@code policy.kind: tabular}: one logit per (door colour, button); for the key-lock environment.
 *
 * @param learningRate the policy-gradient step size
 */
public record TabularPolicyConfig(Double learningRate) implements PolicyConfig {
    /** Every key at its default. */
    public static final TabularPolicyConfig DEFAULTS = new TabularPolicyConfig(null);

    public TabularPolicyConfig {
        learningRate = Check.positive("learning_rate", learningRate, 1.0, 100.0);
    }
}
