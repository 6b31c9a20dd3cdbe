package org.rlanything.core;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A policy that reads the running episodes themselves besides what {@link PolicyContext} shows: one
 * that asks an environment's solver ({@link org.rlanything.core.spi.Demonstrator}) what it would
 * do, as the {@code demonstrator} baseline and the imitation's data collection do. The in-process
 * rollout engine ({@link LockstepRollouts}) hands it the sessions; an engine that plays episodes
 * elsewhere cannot, and refuses it.
 */
public interface SessionPolicy extends Policy {

    /**
     * {@link #act(List, List)} with {@code sessions.get(i)} the running episode of {@code
     * contexts.get(i)}; the sessions must not be stepped.
     */
    List<Action> act(
            List<PolicyContext> contexts,
            List<RandomGenerator> rngs,
            List<EnvironmentSession> sessions);

    /** Without the sessions a session policy cannot act. */
    @Override
    default List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        throw new UnsupportedOperationException(
                getClass().getSimpleName()
                        + " reads the running episodes and plays only in-process"
                        + " (trainer.rollout_engine local).");
    }
}
