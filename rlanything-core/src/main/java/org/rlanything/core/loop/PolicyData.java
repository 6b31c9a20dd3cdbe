package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.Judgment;
import org.rlanything.core.PolicySample;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.reward.FeedbackMode;
import org.rlanything.core.reward.IntegratedReward;
import org.rlanything.core.reward.SingletonMode;
import org.rlanything.core.reward.StepAdvantages;

/**
 * Builds one task's policy samples (method.md §2): the step reward of every step, standardised per step
 * index over the task's trajectories, one sample per step with a non-zero advantage.
 */
public final class PolicyData {

    private PolicyData() {
    }

    /** The task's step rewards, {@code result.get(k)[i] = R(τ_k, i)}. */
    public static List<double[]> stepRewards(TaskRollouts rollouts, FeedbackMode mode, double lambda) {
        List<double[]> rewards = new ArrayList<>();
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            Trajectory trajectory = rollouts.trajectories().get(k);
            double[] r = new double[trajectory.length()];
            for (int i = 0; i < r.length; i++) {
                List<Verdict> verdicts = mode == FeedbackMode.OUTCOME ? List.of() : verdicts(rollouts, k, i);
                r[i] = IntegratedReward.of(mode, trajectory.outcome(), verdicts, lambda);
            }
            rewards.add(r);
        }
        return rewards;
    }

    /** The samples with non-zero advantage, in trajectory then step order. */
    public static List<PolicySample> samples(TaskRollouts rollouts, FeedbackMode mode, double lambda,
                                             SingletonMode singleton) {
        List<double[]> advantages = StepAdvantages.compute(stepRewards(rollouts, mode, lambda), singleton);
        List<PolicySample> samples = new ArrayList<>();
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            Trajectory trajectory = rollouts.trajectories().get(k);
            double[] a = advantages.get(k);
            for (int i = 0; i < a.length; i++) {
                if (a[i] != 0.0) { // zero-advantage samples carry no gradient and are dropped
                    samples.add(new PolicySample(trajectory, trajectory.steps().get(i), a[i]));
                }
            }
        }
        return samples;
    }

    /** The verdicts of step i of trajectory k. */
    static List<Verdict> verdicts(TaskRollouts rollouts, int k, int i) {
        if (!rollouts.judged()) {
            throw new IllegalStateException("Task " + rollouts.task().id() + " was not judged, but its feedback"
                    + " needs verdicts.");
        }
        List<Judgment> judgments = rollouts.judgments().get(k).get(i);
        List<Verdict> verdicts = new ArrayList<>(judgments.size());
        for (Judgment judgment : judgments) {
            verdicts.add(judgment.verdict());
        }
        return verdicts;
    }
}
