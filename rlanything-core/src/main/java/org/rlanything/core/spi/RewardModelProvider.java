package org.rlanything.core.spi;

import java.io.IOException;
import org.rlanything.core.RewardModel;

/**
 * A reward-model (judge) kind.
 *
 * @param <C> the settings record of the {@code reward_model} section
 */
public interface RewardModelProvider<C extends RewardModelConfig> extends Provider<C> {

    @Override
    default Section section() {
        return Section.REWARD_MODEL;
    }

    /** Builds the judge for {@code environment}; refuses an environment it cannot judge. */
    RewardModel create(C config, RunContext context, EnvironmentParts environment)
            throws IOException;

    /**
     * {@link #create} with the section's settings as the run config holds them; they must be this
     * kind's record ({@link Kinds#of} finds the provider that declares it).
     */
    default RewardModel createFrom(
            RewardModelConfig config, RunContext context, EnvironmentParts environment)
            throws IOException {
        return create(configType().cast(config), context, environment);
    }
}
