package org.rlanything.neural.provider;

import java.io.IOException;
import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;

/**
 * {@code policy.kind: neural}: the small language-model policy, made by the environment's {@link
 * NeuralModels}.
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
        if (environment.hooks() instanceof NeuralModels models) {
            return models.policy(config);
        }
        throw environment.refuses(Section.POLICY, KIND, "NeuralModels");
    }
}
