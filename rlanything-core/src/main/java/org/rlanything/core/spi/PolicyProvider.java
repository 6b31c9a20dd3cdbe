package org.rlanything.core.spi;

import java.io.IOException;
import org.rlanything.core.Policy;

/**
 * A policy kind. The policy must also be {@link org.rlanything.core.Checkpointable} to run in a run
 * folder with checkpoints.
 *
 * @param <C> the settings record of the {@code policy} section
 */
public interface PolicyProvider<C extends PolicyConfig> extends Provider<C> {

    @Override
    default Section section() {
        return Section.POLICY;
    }

    /**
     * Builds the policy for {@code environment}; refuses (with {@link IllegalArgumentException}
     * naming the kinds) an environment it cannot act in.
     */
    Policy create(C config, RunContext context, EnvironmentParts environment) throws IOException;

    /**
     * {@link #create} with the section's settings as the run config holds them; they must be this
     * kind's record ({@link Kinds#of} finds the provider that declares it).
     */
    default Policy createFrom(PolicyConfig config, RunContext context, EnvironmentParts environment)
            throws IOException {
        return create(configType().cast(config), context, environment);
    }
}
