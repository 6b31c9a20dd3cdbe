package org.rlanything.core.reward;

/**
 * How the outcome and the step verdicts are combined into a policy advantage (the {@code
 * algorithm.integration} key). Only arms whose step reward uses verdicts read it.
 */
public enum Integration {
    /**
     * The paper's rule (method.md §2): {@code R = O + λ·mean verdict}, standardised over the task's
     * trajectories at the same step index ({@link StepAdvantages}).
     */
    STEP_INDEX,
    /**
     * A project rule: the outcome standardised over the task's trajectories plus the step's mean
     * verdict centred on the task's mean, with its own scale and no division by a spread ({@link
     * SeparateAdvantages}).
     */
    SEPARATE
}
