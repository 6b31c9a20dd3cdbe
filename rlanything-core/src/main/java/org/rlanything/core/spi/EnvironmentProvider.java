package org.rlanything.core.spi;

import java.io.IOException;
import java.util.List;
import org.rlanything.core.loop.AlgorithmConfig;

/**
 * An environment kind: builds the environment, its task pool, codec, rewriter and evaluator.
 *
 * @param <C> the settings record of the {@code environment} section
 */
public interface EnvironmentProvider<C extends EnvironmentConfig> extends Provider<C> {

    @Override
    default Section section() {
        return Section.ENVIRONMENT;
    }

    /** Builds the environment side of a run. */
    EnvironmentParts create(C config, RunContext context) throws IOException;

    /**
     * {@link #create} with the section's settings as the run config holds them; they must be this
     * kind's record ({@link Kinds#of} finds the provider that declares it).
     */
    default EnvironmentParts createFrom(EnvironmentConfig config, RunContext context)
            throws IOException {
        return create(configType().cast(config), context);
    }

    /**
     * Makes what the kind needs once before runs (for example starting models), so that parallel
     * runs do not race to make it; a no-op by default.
     */
    default void prepare(C config, RunContext context) throws IOException {}

    /** {@link #prepare} with the section's settings as the run config holds them. */
    default void prepareFrom(EnvironmentConfig config, RunContext context) throws IOException {
        prepare(configType().cast(config), context);
    }

    /**
     * This kind's {@code algorithm} section when a config names none of its keys (the keys a config
     * names are laid over it): the one place an environment's sizes are declared, as an {@link
     * AlgorithmConfig} built from the keys that differ from the generic defaults.
     */
    default AlgorithmConfig algorithmDefaults() {
        return AlgorithmConfig.defaults();
    }

    /**
     * The overrides of a small-scale run of this kind ({@code bench ablation --quick}: every arm of
     * a few seeds in minutes); by default fewer iterations.
     */
    default List<String> quickOverrides() {
        return List.of("trainer.iterations=20");
    }

    /** Rough sizes for the memory check made before a run starts. */
    default MemoryProfile memory() {
        return MemoryProfile.SMALL;
    }
}
