package org.rlanything.core;

import java.util.Objects;

/**
 * A request to judge one step: the reward model sees the task, the history up to the step, the
 * step's response and the observation that followed it (method.md §4).
 *
 * @param trajectory the trajectory holding the step (steps before {@code stepIndex} are the
 *     history)
 * @param stepIndex the step judged
 */
public record JudgeRequest(Trajectory trajectory, int stepIndex) {
    public JudgeRequest {
        Objects.requireNonNull(trajectory, "trajectory");
        if (stepIndex < 0 || stepIndex >= trajectory.length()) {
            throw new IllegalArgumentException(
                    "Step index "
                            + stepIndex
                            + " is outside a trajectory of "
                            + trajectory.length()
                            + " steps.");
        }
    }

    public Step step() {
        return trajectory.steps().get(stepIndex);
    }

    public Task task() {
        return trajectory.task();
    }
}
