package org.rlanything.linear.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.PolicyConfig;

/**
 * {@code policy.kind: element}: the {@code linear} policy as MiniWoB++'s configs use it, a softmax
 * over the legal actions of w·φ/T with φ the environment's own step features (the element lists'),
 * trained by one plain SGD step per update from zero weights ({@link ElementPolicyProvider}).
 *
 * @param learningRate the policy-gradient step size
 * @param temperature the softmax temperature (method.md §7, GUI policy: 1.0)
 */
public record ElementPolicyConfig(Double learningRate, Double temperature) implements PolicyConfig {

    /** Every key at its default. */
    public static final ElementPolicyConfig DEFAULTS = new ElementPolicyConfig(null, null);

    public ElementPolicyConfig {
        learningRate = Check.positive("learning_rate", learningRate, 1.0, 100.0);
        temperature = Check.positive("temperature", temperature, 1.0, 10.0);
    }
}
