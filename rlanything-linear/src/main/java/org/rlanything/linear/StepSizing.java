package org.rlanything.linear;

/**
 * How a linear model's optimizer steps are sized to the weights it starts from (both leave a start
 * from zero weights at the configured rate).
 */
public enum StepSizing {
    /** One step for every weight: the rate times max(1, the starting weights' root mean square). */
    SHARED,
    /** Each weight its own step: the rate times max(1, that weight's starting size). */
    PER_WEIGHT
}
