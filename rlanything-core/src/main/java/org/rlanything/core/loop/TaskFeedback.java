package org.rlanything.core.loop;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;

/**
 * An optional extension point with which an environment kind replaces the loop's step judging
 * (method.md §2 and §4) by its own feedback on a whole task's rollouts. An environment offers it in
 * {@link org.rlanything.core.spi.EnvironmentParts#taskFeedback()}; the run hands it to {@link
 * RLAnythingLoop.Builder#taskFeedback}. Environments that do not offer one are unchanged.
 *
 * <p><b>Why.</b> Not every setting's reward model judges steps. In the coding setting (method.md
 * §7) the reward model writes m unit tests <em>per task</em>, the policy's reward is the
 * ground-truth pass ratio of its program (z-scored over the task's N programs), and the reward
 * model's reward is how well its tests separate correct from incorrect programs. Neither reward is
 * the integrated reward of §2 or the consistency reward of §4, and the m outputs belong to the
 * task, not to a step.
 *
 * <p><b>How.</b> With task feedback the loop still picks, rolls out, validates and proposes as in
 * method.md §1, and still applies the policy band and the reward-model band to each task's accuracy
 * (the fraction of won rollouts). Only two things change: in step 3 the loop calls {@link #assess}
 * once for every task of the iteration (active tasks and candidates), instead of judging every step
 * m times; in step 6 each training task's samples come from its {@link Assessment} instead of
 * {@link PolicyData} and {@link RewardModelData}. The extension's own figures (for example a test
 * writer's accuracy) go into the iteration's metrics through {@link #figures}. Tasks rolled out
 * under task feedback carry no step judgments ({@link TaskRollouts#judged()} is false), so the
 * step-judge accuracies and judgment-based critic feedback are simply absent.
 *
 * @param <D> what the feedback keeps of each task's assessment for its {@link #figures}
 */
public interface TaskFeedback<D> {

    /**
     * The feedback on one task's rollouts.
     *
     * @param rewards {@code rewards.get(k)[i]}: the reward of step i of trajectory k before
     *     standardisation (what {@code critic/rewards/mean} averages)
     * @param policySamples the task's policy samples, zero advantages already dropped
     * @param rewardModelSamples the task's reward-model samples, zero advantages already dropped
     * @param detail what the feedback needs again in {@link #figures}; may be null
     * @param <D> the detail's type
     */
    record Assessment<D>(
            List<double[]> rewards,
            List<PolicySample> policySamples,
            List<RewardModelSample> rewardModelSamples,
            D detail) {
        public Assessment {
            rewards = List.copyOf(rewards);
            policySamples = List.copyOf(policySamples);
            rewardModelSamples = List.copyOf(rewardModelSamples);
        }
    }

    /**
     * Assesses every task of one iteration, in order; one assessment per task.
     *
     * @param tasks the tasks' rollouts (no step judgments)
     * @param rewardModel the reward model as it was after update t-1; null when the configuration
     *     needs none (an arm whose feedback uses no reward model and that does not train one)
     * @param m the reward model's samples per task ({@code verdicts_per_step})
     * @param seeds one seed per task, derived from the run seed, the iteration and the task's slot
     *     and role: the only randomness of task i's assessment
     */
    List<Assessment<D>> assess(
            List<TaskRollouts> tasks, RewardModel rewardModel, int m, long[] seeds);

    /**
     * The extension's figures for the iteration's metrics (full names such as {@code
     * reward_model/ut_accuracy}), over the assessments of the tasks that reach training (active
     * tasks and accepted candidates); non-finite values are left out.
     */
    Map<String, Double> figures(List<Assessment<D>> training);

    /** Checks that an extension returned one assessment per task. */
    static <D> List<Assessment<D>> checked(List<Assessment<D>> assessments, int tasks) {
        Objects.requireNonNull(assessments, "assessments");
        if (assessments.size() != tasks) {
            throw new IllegalStateException(
                    "The task feedback returned "
                            + assessments.size()
                            + " assessments for "
                            + tasks
                            + " tasks.");
        }
        return assessments;
    }
}
