package org.rlanything.core.loop;

import java.util.List;
import org.rlanything.core.Judgment;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;

/**
 * The N rollouts of one task in one iteration and the reward model's judgments of their steps.
 *
 * @param role whether the task was an active task or a pending candidate
 * @param slot the slot it belongs to
 * @param task the task
 * @param trajectories the N trajectories
 * @param judgments {@code judgments.get(k).get(i)} are the m judgments of step i of trajectory k;
 *     empty when the configuration needs no judgments
 */
public record TaskRollouts(
        Role role,
        int slot,
        Task task,
        List<Trajectory> trajectories,
        List<List<List<Judgment>>> judgments) {

    /** Why a task was rolled out. */
    public enum Role {
        ACTIVE,
        CANDIDATE
    }

    public TaskRollouts {
        trajectories = List.copyOf(trajectories);
        judgments = List.copyOf(judgments);
        if (!judgments.isEmpty() && judgments.size() != trajectories.size()) {
            throw new IllegalArgumentException(
                    "Judgments for "
                            + judgments.size()
                            + " trajectories, but "
                            + trajectories.size()
                            + " trajectories.");
        }
    }

    public boolean judged() {
        return !judgments.isEmpty();
    }

    /** acc(q): the fraction of the rollouts with outcome +1. */
    public double accuracy() {
        long won = trajectories.stream().filter(Trajectory::won).count();
        return (double) won / trajectories.size();
    }
}
