package org.rlanything.core;

import java.util.List;

/**
 * One running episode of a task. Created already reset by {@link Environment#start}; the caller
 * then alternates {@link #observation()}/{@link #admissibleActions()} and {@link #step(String)}
 * until {@link #done()} or its own step limit.
 */
public interface EnvironmentSession extends AutoCloseable {

    /** The current observation text (after start: the initial observation). */
    String observation();

    /**
     * The commands the environment accepts now, in the environment's own order; empty when the
     * environment takes free text.
     */
    List<String> admissibleActions();

    /** Applies one action. Must not be called once {@link #done()} is true. */
    StepResult step(String action);

    /** Whether the episode has ended. */
    boolean done();

    /** Whether the task's checker reports success (the outcome O = +1). */
    boolean won();

    @Override
    default void close() {}
}
