package org.rlanything.core.spi;

import java.io.IOException;
import org.rlanything.core.Rewriter;

/**
 * A rewriter kind, used instead of the environment's own rewriter when a config has a {@code
 * rewriter} section. No kind is the default: a config without the section keeps {@link
 * EnvironmentParts#rewriter()}.
 *
 * @param <C> the settings record of the {@code rewriter} section
 */
public interface RewriterProvider<C extends RewriterConfig> extends Provider<C> {

    @Override
    default Section section() {
        return Section.REWRITER;
    }

    /**
     * Builds the rewriter for {@code environment} (its {@link EnvironmentParts#codec()} gives the
     * tasks' text form); the loop still verifies every rewritten task with the environment before
     * it becomes a candidate.
     */
    Rewriter create(C config, RunContext context, EnvironmentParts environment) throws IOException;

    /**
     * {@link #create} with the section's settings as the run config holds them; they must be this
     * kind's record ({@link Kinds#of} finds the provider that declares it).
     */
    default Rewriter createFrom(
            RewriterConfig config, RunContext context, EnvironmentParts environment)
            throws IOException {
        return create(configType().cast(config), context, environment);
    }
}
