package org.rlanything.core.loop;

import org.rlanything.core.RewriteGoal;

/**
 * One change of the task pool, for the run folder's pool history.
 *
 * @param iteration the iteration (1-based)
 * @param slot the slot
 * @param kind what happened
 * @param goal the rewrite goal
 * @param taskId the candidate's id (null when none was proposed)
 * @param fromTaskId the task it rewrites (the active task at proposal time)
 * @param accuracy acc(active) for proposals, acc′ for validations
 * @param previousAccuracy prev_acc for validations, equal to {@code accuracy} for proposals
 * @param detail a short human note (the candidate's description, or why no candidate was made)
 */
public record PoolEvent(
        int iteration,
        int slot,
        Kind kind,
        RewriteGoal goal,
        String taskId,
        String fromTaskId,
        double accuracy,
        double previousAccuracy,
        String detail) {

    /** What happened to a slot. */
    public enum Kind {
        /** A verified candidate became the slot's pending candidate. */
        PROPOSED,
        /** No rewrite attempt produced a verified candidate. */
        DECLINED,
        /** The pending candidate passed the acceptance rule and became active. */
        ACCEPTED,
        /** The pending candidate failed the acceptance rule and was deleted. */
        REJECTED
    }
}
