package org.rlanything.core;

import java.util.random.RandomGenerator;

/** A family of tasks that can be played: starts episodes and verifies rewritten tasks. */
public interface Environment {

    /**
     * Starts a reset episode of {@code task}. Any randomness of the environment must come from
     * {@code rng}, so that the same seed gives the same episode.
     */
    EnvironmentSession start(Task task, RandomGenerator rng);

    /**
     * Checks that a candidate task is valid and solvable before it is tried (method.md §5). The
     * default accepts everything; environments with a planner or reference solution should override
     * it.
     */
    default Verification verify(Task task) {
        return Verification.ok();
    }
}
