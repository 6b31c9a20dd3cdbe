package org.rlanything.core;

import java.util.Objects;

/**
 * One policy training sample (method.md §2): the step whose response is trained and the advantage
 * applied to every token of that response.
 *
 * @param trajectory the trajectory the step belongs to (its earlier steps are the prompt's history)
 * @param step the step
 * @param advantage the standardised integrated reward, never exactly 0 (zero samples are dropped)
 */
public record PolicySample(Trajectory trajectory, Step step, double advantage) {
    public PolicySample {
        Objects.requireNonNull(trajectory, "trajectory");
        Objects.requireNonNull(step, "step");
        if (!Double.isFinite(advantage)) {
            throw new IllegalArgumentException(
                    "A sample's advantage must be finite, got " + advantage + ".");
        }
    }
}
