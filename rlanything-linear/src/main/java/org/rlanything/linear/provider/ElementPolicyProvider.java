package org.rlanything.linear.provider;

import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.linear.LinearPolicy;
import org.rlanything.linear.Optimizer;

/**
 * {@code policy.kind: element}: a {@link LinearPolicy} on the environment's own {@code
 * StepFeatures} (refused where it offers none: hashed words are not what this preset was tuned on),
 * with plain SGD, one step per update, no penalty and no clip, from zero weights. The name is the
 * one MiniWoB++'s configs have always used for its embedded policy.
 */
public final class ElementPolicyProvider implements PolicyProvider<ElementPolicyConfig> {

    /** The kind's name (the judge's too). */
    public static final String KIND = "element";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<ElementPolicyConfig> configType() {
        return ElementPolicyConfig.class;
    }

    @Override
    public ElementPolicyConfig defaults() {
        return ElementPolicyConfig.DEFAULTS;
    }

    @Override
    public Policy create(
            ElementPolicyConfig config, RunContext context, EnvironmentParts environment) {
        return new LinearPolicy(
                LinearRewardModelProvider.ownFeatures(Section.POLICY, KIND, environment, context),
                Optimizer.Kind.SGD,
                config.learningRate(),
                1,
                config.temperature(),
                0,
                0);
    }
}
