package org.rlanything.core;

/**
 * One problem instance the policy attempts: a game goal, a coding problem, a GUI instruction with
 * its checker. Implementations are immutable values owned by their environment.
 */
public interface Task {

    /** A stable identifier, unique within a run (used in pool history, logs and checkpoints). */
    String id();

    /** A one-line human description, shown in logs, reports and to the rewriter. */
    String describe();
}
