package org.rlanything.core;

import java.util.Objects;

/**
 * What the environment answers to one action.
 *
 * @param observation the feedback text after the action
 * @param done whether the episode ended (won, or the environment ended it)
 * @param won whether the task's checker reports success
 * @param label the oracle's step-quality label, {@link StepLabel#UNKNOWN} when there is none
 */
public record StepResult(String observation, boolean done, boolean won, StepLabel label) {
    public StepResult {
        Objects.requireNonNull(observation, "observation");
        Objects.requireNonNull(label, "label");
        if (won && !done) {
            throw new IllegalArgumentException("A won step must also be done.");
        }
    }
}
