package org.rlanything.core;

import java.util.List;
import java.util.Objects;

/**
 * Everything the policy may see when it chooses the next action.
 *
 * @param task the task being attempted
 * @param history the steps taken so far in this episode
 * @param observation the current observation
 * @param admissibleActions the commands the environment accepts now (empty for free text)
 */
public record PolicyContext(
        Task task, List<Step> history, String observation, List<String> admissibleActions) {
    public PolicyContext {
        Objects.requireNonNull(task, "task");
        history = List.copyOf(history);
        Objects.requireNonNull(observation, "observation");
        admissibleActions = List.copyOf(admissibleActions);
    }

    /** The 0-based index of the step about to be taken. */
    public int stepIndex() {
        return history.size();
    }
}
