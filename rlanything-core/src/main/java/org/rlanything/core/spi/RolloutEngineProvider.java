package org.rlanything.core.spi;

import org.rlanything.core.RolloutEngine;

/**
 * A rollout engine kind ({@code trainer.rollout_engine}), found by {@link java.util.ServiceLoader} in
 * {@code META-INF/services/org.rlanything.core.spi.RolloutEngineProvider}. {@code local} (in-process,
 * lockstep) is the default.
 */
public interface RolloutEngineProvider {

    /** The engine's name, as written after {@code rollout_engine:}. */
    String name();

    /** A new engine. */
    RolloutEngine create();
}
