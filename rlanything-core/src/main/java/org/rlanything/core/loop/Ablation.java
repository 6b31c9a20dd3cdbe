package org.rlanything.core.loop;

import org.rlanything.core.reward.FeedbackMode;

/**
 * The paper's ablation arms (method.md §8) as settings of the same loop: only the switches differ.
 */
public enum Ablation {
    /**
     * Outcome only, standardised per step index: no verdicts in the reward, frozen reward model,
     * fixed tasks.
     */
    OUTCOME_ONLY(FeedbackMode.OUTCOME, false, false),
    /**
     * Trajectory-level GRPO: one outcome advantage per trajectory on all its steps; frozen judge,
     * fixed tasks.
     */
    GRPO(FeedbackMode.TRAJECTORY_OUTCOME, false, false),
    /** "Policy": integrated feedback, frozen reward model, fixed tasks. */
    POLICY(FeedbackMode.INTEGRATED, false, false),
    /** "Policy+Reward": the reward model is also trained; tasks stay fixed. */
    POLICY_REWARD(FeedbackMode.INTEGRATED, true, false),
    /** "Policy+Reward+Env": full RLAnything. */
    POLICY_REWARD_ENV(FeedbackMode.INTEGRATED, true, true),
    /** Verdicts only (no outcome) from a frozen reward model, e.g. one trained by a full run. */
    STEP_ONLY(FeedbackMode.STEP_ONLY, false, false);

    private final FeedbackMode feedback;
    private final boolean trainRewardModel;
    private final boolean adaptEnvironment;

    Ablation(FeedbackMode feedback, boolean trainRewardModel, boolean adaptEnvironment) {
        this.feedback = feedback;
        this.trainRewardModel = trainRewardModel;
        this.adaptEnvironment = adaptEnvironment;
    }

    public FeedbackMode feedback() {
        return feedback;
    }

    public boolean trainRewardModel() {
        return trainRewardModel;
    }

    public boolean adaptEnvironment() {
        return adaptEnvironment;
    }
}
