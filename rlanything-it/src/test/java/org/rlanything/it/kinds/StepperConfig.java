package org.rlanything.it.kinds;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.PolicyConfig;

/**
 * {@code policy.kind: stepper}: one logit for "up" against everything else.
 *
 * @param learningRate the policy-gradient step size
 * @param initialLogit the starting logit of "up"
 */
public record StepperConfig(Double learningRate, Double initialLogit) implements PolicyConfig {
    public StepperConfig {
        learningRate = Check.positive("learning_rate", learningRate, 0.5, 10.0);
        initialLogit = Check.between("initial_logit", initialLogit, -1.0, -10.0, 10.0);
    }
}
