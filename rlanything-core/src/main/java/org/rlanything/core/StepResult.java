package org.rlanything.core;

import java.util.Objects;

/**
 * What the environment answers to one action.
 *
 * @param observation the feedback text after the action
 * @param done whether the episode ended (won, or the environment ended it)
 * @param won whether the task's checker reports success
 * @param label the omniscient oracle's step-quality label, {@link StepLabel#UNKNOWN} when there is
 *     none
 * @param restrainedLabel the label of an oracle restrained to what the agent has seen (method.md
 *     §9), or {@link StepLabel#UNKNOWN} when the environment has none
 */
public record StepResult(
        String observation, boolean done, boolean won, StepLabel label, StepLabel restrainedLabel) {
    public StepResult {
        Objects.requireNonNull(observation, "observation");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(restrainedLabel, "restrainedLabel");
        if (won && !done) {
            throw new IllegalArgumentException("A won step must also be done.");
        }
    }

    /** A result with the omniscient label only. */
    public StepResult(String observation, boolean done, boolean won, StepLabel label) {
        this(observation, done, won, label, StepLabel.UNKNOWN);
    }

    /** This result with its restrained label replaced. */
    public StepResult withRestrainedLabel(StepLabel restrained) {
        return new StepResult(observation, done, won, label, restrained);
    }
}
