package org.rlanything.demo.provider;

import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.demo.TabularPolicy;
import org.rlanything.demo.TabularPolicyConfig;

/**
 * {@code policy.kind: tabular} (the default): one logit per (door colour, button), for key-lock
 * only.
 */
public final class TabularPolicyProvider implements PolicyProvider<TabularPolicyConfig> {

    @Override
    public String kind() {
        return TabularRewardModelProvider.KIND;
    }

    @Override
    public Class<TabularPolicyConfig> configType() {
        return TabularPolicyConfig.class;
    }

    @Override
    public TabularPolicyConfig defaults() {
        return TabularPolicyConfig.DEFAULTS;
    }

    @Override
    public boolean isDefault() {
        return true;
    }

    @Override
    public Policy create(
            TabularPolicyConfig config, RunContext context, EnvironmentParts environment) {
        TabularRewardModelProvider.requireKeyLock(Section.POLICY, environment);
        return new TabularPolicy(config.learningRate());
    }
}
