package org.rlanything.core.reward;

/**
 * How the reward model's samples of one task are weighed against each other (method.md §4; the
 * default {@link #BALANCED} is a rule of this project, the reference weighs every step alike).
 *
 * <p><b>Why balanced.</b> After the per-step standardisation of the m consistency rewards only the
 * sign of the outcome survives, and the expected gradient on a verdict's logit is ∝ O·p(1−p) with p
 * = P(+1): the objective is linear in p, so its optimum is a corner, p*(x) = 1[P_w(O=+1 | x) > ½]
 * under the weighted distribution w of judged steps. A failed rollout runs all H steps and a won
 * one stops at its winning step, so with per-step weighting most judged steps come from failures
 * (about 0.14-0.40 from wins at task accuracy 2/6-4/6 on ALFWorld) and even a judge that sees the
 * true step label is pushed to "always −1"; the factor p(1−p) then makes that constant absorbing
 * (measured: the co-trained judge ended at balanced process accuracy 0.50, μ 1.00). With won and
 * failed rollouts carrying equal total weight per task, the corner condition becomes μ = p₊ + p₋ >
 * 1, the condition of Theorem 1, and the fixed point is the step label; a constant judge then gets
 * zero expected advantage, so nothing pulls it towards either constant. {@code JudgeObjectiveTest}
 * checks both on the exact reward and update.
 */
public enum RewardModelWeighting {
    /** Every judged step weighs the same (the reference and the paper's text). */
    STEP,
    /**
     * Each trajectory of a task weighs the same in total: a sample's advantage is multiplied by L̄
     * / L_τ, where L_τ is its trajectory's length and L̄ the mean length over the task's
     * trajectories, so the mean weight of a step stays 1 and the update's scale is unchanged.
     */
    TRAJECTORY,
    /**
     * The default: per task, the steps of won rollouts and the steps of failed rollouts weigh the
     * same in total. A step of a won rollout weighs L / (2·L₊) and one of a failed rollout L /
     * (2·L₋), where L₊ and L₋ are the numbers of steps of the task's won and failed rollouts and L
     * = L₊ + L₋, so the mean weight of a step stays 1. A task with only won or only failed rollouts
     * (possible only without the 0.2-0.8 band) keeps weight 1.
     */
    BALANCED
}
