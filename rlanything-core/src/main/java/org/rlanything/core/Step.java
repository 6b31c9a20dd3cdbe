package org.rlanything.core;

import java.util.List;
import java.util.Objects;

/**
 * One policy call and the environment's response to it: the unit of policy training samples.
 *
 * @param index 0-based position in the trajectory
 * @param observation what the policy saw before acting
 * @param admissibleActions the commands the environment listed before the action (empty for free
 *     text)
 * @param action what the policy produced
 * @param nextObservation the environment's feedback after the action
 * @param label the environment's omniscient oracle's step-quality label
 * @param restrainedLabel the label of an oracle restrained to what the agent has seen ({@link
 *     StepLabel#UNKNOWN} when the environment has none)
 */
public record Step(
        int index,
        String observation,
        List<String> admissibleActions,
        Action action,
        String nextObservation,
        StepLabel label,
        StepLabel restrainedLabel) {
    public Step {
        if (index < 0) {
            throw new IllegalArgumentException("A step index must be >= 0, got " + index + ".");
        }
        Objects.requireNonNull(observation, "observation");
        admissibleActions = List.copyOf(admissibleActions);
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(nextObservation, "nextObservation");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(restrainedLabel, "restrainedLabel");
    }

    /** A step with the omniscient label only. */
    public Step(
            int index,
            String observation,
            List<String> admissibleActions,
            Action action,
            String nextObservation,
            StepLabel label) {
        this(
                index,
                observation,
                admissibleActions,
                action,
                nextObservation,
                label,
                StepLabel.UNKNOWN);
    }
}
