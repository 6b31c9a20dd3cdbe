package org.rlanything.core;

import java.util.Objects;

/**
 * A rewritten task awaiting validation: pending until the next iteration's rollouts judge it, then
 * accepted (it becomes its slot's active task) or rejected (deleted).
 *
 * @param slot the slot index it belongs to
 * @param task the rewritten task
 * @param goal the goal it was written for
 * @param previousAccuracy the active task's accuracy when the candidate was made (prev_acc)
 * @param createdAt the iteration (1-based) in which it was proposed
 */
public record Candidate(
        int slot, Task task, RewriteGoal goal, double previousAccuracy, int createdAt) {
    public Candidate {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(goal, "goal");
    }
}
