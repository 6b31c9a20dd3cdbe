package org.rlanything.gui.provider;

import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.gui.ElementPolicy;

/** {@code policy.kind: element}: the embedded policy over MiniWoB++ element-list actions. */
public final class ElementPolicyProvider implements PolicyProvider<ElementPolicyConfig> {

    /** The kind's name. */
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
        if (!(environment.hooks() instanceof ElementLists)) {
            throw environment.refuses(Section.POLICY, KIND, "ElementLists");
        }
        return new ElementPolicy(config.learningRate(), config.temperature());
    }
}
