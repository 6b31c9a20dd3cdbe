package org.rlanything.pddl.plan;

import java.util.List;

/**
 * What a search found.
 *
 * @param status solved, proven unsolvable, or stopped at a limit
 * @param actions the plan's action indices (empty unless solved)
 * @param optimal whether the plan is a shortest one
 * @param evaluated states evaluated
 */
public record PlanResult(Status status, List<Integer> actions, boolean optimal, long expanded) {

    public PlanResult {
        actions = List.copyOf(actions);
    }

    /** How a search ended. */
    public enum Status {
        SOLVED,
        UNSOLVABLE,
        LIMIT
    }

    /** Whether a plan was found. */
    public boolean solved() {
        return status == Status.SOLVED;
    }

    /** The plan's length (the number of actions). */
    public int length() {
        return actions.size();
    }
}
