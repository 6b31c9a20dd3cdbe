package org.rlanything.core.spi;

import java.util.Map;
import org.rlanything.core.RolloutEngine;

/**
 * A rollout engine kind ({@code trainer.rollout_engine}), found by {@link java.util.ServiceLoader}
 * in {@code META-INF/services/org.rlanything.core.spi.RolloutEngineProvider}. {@code local}
 * (in-process, lockstep) is the default. An engine may take settings ({@code trainer.engine}) and
 * may have workers, processes started with {@code rlanything worker CONFIG} that serve the
 * trainer's requests.
 */
public interface RolloutEngineProvider {

    /** The engine's name, as written after {@code rollout_engine:}. */
    String name();

    /** A new engine. */
    RolloutEngine create();

    /**
     * A new engine with the settings under {@code trainer.engine}; an engine without settings
     * refuses any.
     *
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    default RolloutEngine create(Map<String, String> settings) {
        if (!settings.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "trainer.engine: the "
                            + name()
                            + " rollout engine takes no settings,"
                            + " got "
                            + String.join(", ", settings.keySet())
                            + ".");
        }
        return create();
    }

    /**
     * Serves the trainer's requests with {@code parts} until the process ends (the {@code worker}
     * command). An engine that runs in the trainer's process refuses.
     */
    default void serveWorker(Map<String, String> settings, WorkerParts parts)
            throws InterruptedException {
        throw new org.rlanything.core.BadInputException(
                "The "
                        + name()
                        + " rollout engine has no workers: it runs in the"
                        + " trainer's process (set trainer.rollout_engine to an engine with workers).");
    }
}
