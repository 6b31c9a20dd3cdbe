package org.rlanything.core;

import java.util.List;
import java.util.Objects;

/**
 * One attempt of the policy at a task: its steps and its outcome.
 *
 * @param task the task attempted
 * @param rollout 0-based index among the N rollouts of that task in its iteration
 * @param steps the steps in order
 * @param won whether the environment's checker reported success
 */
public record Trajectory(Task task, int rollout, List<Step> steps, boolean won) {
    public Trajectory {
        Objects.requireNonNull(task, "task");
        steps = List.copyOf(steps);
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).index() != i) {
                throw new IllegalArgumentException(
                        "Step " + i + " of a trajectory has index " + steps.get(i).index() + ".");
            }
        }
    }

    /** The outcome O in {-1, +1} (method.md notation). */
    public int outcome() {
        return won ? 1 : -1;
    }

    public int length() {
        return steps.size();
    }
}
