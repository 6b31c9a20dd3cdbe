package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.reward.ConsistencyReward;
import org.rlanything.core.reward.FeedbackMode;
import org.rlanything.core.reward.IntegratedReward;
import org.rlanything.core.reward.RewardModelWeighting;

/**
 * Builds one task's reward-model samples (method.md §4): for every step, the consistency rewards of
 * its m judgments, z-scored over the m; steps without variance are skipped and zero advantages
 * dropped. The step reward R is always the integrated one (outcome plus λ·mean verdict), whatever
 * the policy's feedback mode, because that is what the consistency reward is defined on. The
 * 0.2-0.8 band is applied by the caller.
 */
public final class RewardModelData {

    private RewardModelData() {}

    /** The samples with per-step weighting (the reference). */
    public static List<RewardModelSample> samples(TaskRollouts rollouts, double lambda) {
        return samples(rollouts, lambda, RewardModelWeighting.STEP);
    }

    /** The samples, each advantage scaled by its step's weight under {@code weighting}. */
    public static List<RewardModelSample> samples(
            TaskRollouts rollouts, double lambda, RewardModelWeighting weighting) {
        List<RewardModelSample> samples = new ArrayList<>();
        double[] weights = weights(rollouts.trajectories(), weighting);
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            Trajectory trajectory = rollouts.trajectories().get(k);
            double weight = weights[k];
            for (int i = 0; i < trajectory.length(); i++) {
                List<Verdict> verdicts = PolicyData.verdicts(rollouts, k, i);
                double stepReward =
                        IntegratedReward.of(
                                FeedbackMode.INTEGRATED, trajectory.outcome(), verdicts, lambda);
                Optional<double[]> advantages = ConsistencyReward.advantages(stepReward, verdicts);
                if (advantages.isEmpty()) {
                    continue;
                }
                List<Judgment> judgments = rollouts.judgments().get(k).get(i);
                JudgeRequest request = new JudgeRequest(trajectory, i);
                for (int j = 0; j < judgments.size(); j++) {
                    double a = advantages.get()[j] * weight;
                    if (a != 0.0) {
                        samples.add(new RewardModelSample(request, judgments.get(j), a));
                    }
                }
            }
        }
        return samples;
    }

    /**
     * The weight of every step of each trajectory of one task (see {@link RewardModelWeighting} for
     * the rules and why): 1 under STEP; L̄ / L_τ under TRAJECTORY; L / (2·L₊) for the steps of won
     * and L / (2·L₋) for those of failed trajectories under BALANCED. The mean weight of a step is
     * 1 in each case, so the update's scale does not change with the rule.
     */
    static double[] weights(List<Trajectory> trajectories, RewardModelWeighting weighting) {
        double[] weights = new double[trajectories.size()];
        java.util.Arrays.fill(weights, 1.0);
        long steps = 0;
        long wonSteps = 0;
        for (Trajectory t : trajectories) {
            steps += t.length();
            wonSteps += t.won() ? t.length() : 0;
        }
        long failedSteps = steps - wonSteps;
        for (int k = 0; k < weights.length; k++) {
            Trajectory t = trajectories.get(k);
            if (t.length() == 0) {
                continue;
            }
            switch (weighting) {
                case STEP -> {}
                case TRAJECTORY -> weights[k] = (double) steps / trajectories.size() / t.length();
                case BALANCED -> {
                    if (wonSteps > 0 && failedSteps > 0) {
                        weights[k] = steps / (2.0 * (t.won() ? wonSteps : failedSteps));
                    }
                }
            }
        }
        return weights;
    }
}
