package org.rlanything.core;

import java.util.Objects;

/**
 * What the rewriter is given (method.md §5): the slot's original and active task, the goal, the
 * active task's accuracy and the critic feedback.
 *
 * @param original the slot's original task
 * @param active the task to rewrite (the slot's active task)
 * @param goal harder or easier
 * @param previousAccuracy acc(active) this iteration
 * @param critic the failure summary
 */
public record RewriteRequest(
        Task original,
        Task active,
        RewriteGoal goal,
        double previousAccuracy,
        CriticFeedback critic) {
    public RewriteRequest {
        Objects.requireNonNull(original, "original");
        Objects.requireNonNull(active, "active");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(critic, "critic");
    }
}
