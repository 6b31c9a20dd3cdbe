package org.rlanything.core.reward;

/**
 * Which signal the policy's step reward is made of (the ablation switch of method.md §8).
 */
public enum FeedbackMode {
    /** R = O: plain GRPO on the outcome. */
    OUTCOME,
    /** R = O + (λ/m)·ΣS: the paper's integrated feedback. */
    INTEGRATED,
    /** R = (1/m)·ΣS: verdicts only, no outcome ([Proj] reading of the step-only experiment). */
    STEP_ONLY
}
