package org.rlanything.core.reward;

/** Which signal the policy's step reward is made of (the ablation switch of method.md §8). */
public enum FeedbackMode {
    /** R = O, standardised per step index like the other modes (the project's outcome-only arm). */
    OUTCOME,
    /**
     * Trajectory-level GRPO: one advantage per trajectory, O standardised over the task's N
     * trajectories, broadcast to every step (no per-step-index standardisation, so late failing
     * steps are trained too).
     */
    TRAJECTORY_OUTCOME,
    /** R = O + (λ/m)·ΣS: the paper's integrated feedback. */
    INTEGRATED,
    /** R = (1/m)·ΣS: verdicts only, no outcome ([Proj] reading of the step-only experiment). */
    STEP_ONLY;

    /** Whether the step reward contains the reward model's verdicts. */
    public boolean usesVerdicts() {
        return this == INTEGRATED || this == STEP_ONLY;
    }
}
