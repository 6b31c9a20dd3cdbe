package org.rlanything.neural.provider;

import java.io.IOException;
import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;

/**
 * {@code policy.kind: neural}: the small language-model policy, made by the environment's {@link
 * NeuralModels}, or an imported chat model reading the household chat form ({@link
 * EnvironmentModels}).
 */
public final class NeuralPolicyProvider implements PolicyProvider<NeuralPolicyConfig> {

    /** The kind's name (the judge's too). */
    public static final String KIND = "neural";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<NeuralPolicyConfig> configType() {
        return NeuralPolicyConfig.class;
    }

    @Override
    public NeuralPolicyConfig defaults() {
        return NeuralPolicyConfig.DEFAULTS;
    }

    @Override
    public Policy create(
            NeuralPolicyConfig config, RunContext context, EnvironmentParts environment)
            throws IOException {
        return EnvironmentModels.of(environment, context, Section.POLICY, config.init())
                .policy(config);
    }
}
