package org.rlanything.core.baseline;

import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;

/**
 * {@code policy.kind: random}: a uniform choice among the admissible commands that learns nothing
 * ({@link RandomPolicy}); works with any environment that lists its commands.
 */
public final class RandomPolicyProvider implements PolicyProvider<RandomPolicyConfig> {

    @Override
    public String kind() {
        return "random";
    }

    @Override
    public Class<RandomPolicyConfig> configType() {
        return RandomPolicyConfig.class;
    }

    @Override
    public RandomPolicyConfig defaults() {
        return new RandomPolicyConfig();
    }

    @Override
    public Policy create(
            RandomPolicyConfig config, RunContext context, EnvironmentParts environment) {
        return new RandomPolicy();
    }
}
