package org.rlanything.core.baseline;

import org.rlanything.core.Policy;
import org.rlanything.core.imitation.DemonstratorPolicy;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;

/**
 * {@code policy.kind: demonstrator}: the environment's own solver ({@link Demonstrator}) acting, a
 * uniformly drawn admissible command where it has none; learns nothing. The figure a cloned policy
 * is read against (evaluate it with {@code train ... trainer.iterations=0} or in {@code bench
 * ablation} as a variant). It reads the running episodes, so it plays in-process only.
 */
public final class DemonstratorPolicyProvider implements PolicyProvider<DemonstratorPolicyConfig> {

    @Override
    public String kind() {
        return "demonstrator";
    }

    @Override
    public Class<DemonstratorPolicyConfig> configType() {
        return DemonstratorPolicyConfig.class;
    }

    @Override
    public DemonstratorPolicyConfig defaults() {
        return new DemonstratorPolicyConfig();
    }

    @Override
    public Policy create(
            DemonstratorPolicyConfig config, RunContext context, EnvironmentParts environment) {
        if (!(environment.hooks() instanceof Demonstrator demonstrator)) {
            throw environment.refuses(Section.POLICY, kind(), "demonstrator (a solver)");
        }
        if (!(context.engine() instanceof org.rlanything.core.LockstepRollouts)) {
            throw new org.rlanything.core.BadInputException(
                    "policy.kind demonstrator asks the environment's solver about each running"
                            + " episode, which only the local rollout engine can: set"
                            + " trainer.rollout_engine local.");
        }
        return DemonstratorPolicy.baseline(demonstrator);
    }
}
