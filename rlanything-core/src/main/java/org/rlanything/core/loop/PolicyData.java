package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.Judgment;
import org.rlanything.core.PolicySample;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.reward.FeedbackMode;
import org.rlanything.core.reward.IntegratedReward;
import org.rlanything.core.reward.Integration;
import org.rlanything.core.reward.SeparateAdvantages;
import org.rlanything.core.reward.SingletonMode;
import org.rlanything.core.reward.StepAdvantages;

/**
 * Builds one task's policy samples (method.md §2): the step reward of every step, standardised per
 * step index over the task's trajectories (or, for {@link Integration#SEPARATE}, the outcome and
 * the verdicts with separate baselines), one sample per step with a non-zero advantage.
 */
public final class PolicyData {

    private PolicyData() {}

    /** The task's step rewards, {@code result.get(k)[i] = R(τ_k, i)}. */
    public static List<double[]> stepRewards(
            TaskRollouts rollouts, FeedbackMode mode, double lambda) {
        List<double[]> rewards = new ArrayList<>();
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            Trajectory trajectory = rollouts.trajectories().get(k);
            double[] r = new double[trajectory.length()];
            for (int i = 0; i < r.length; i++) {
                List<Verdict> verdicts = mode.usesVerdicts() ? verdicts(rollouts, k, i) : List.of();
                r[i] = IntegratedReward.of(mode, trajectory.outcome(), verdicts, lambda);
            }
            rewards.add(r);
        }
        return rewards;
    }

    /** The samples with non-zero advantage, in trajectory then step order (the paper's rule). */
    public static List<PolicySample> samples(
            TaskRollouts rollouts, FeedbackMode mode, double lambda, SingletonMode singleton) {
        return samples(
                rollouts,
                advantages(
                        rollouts,
                        mode,
                        AlgorithmConfig.builder().lambda(lambda).singleton(singleton).build()));
    }

    /**
     * The task's advantage of every step, zeros included: per step index for the paper's rule, with
     * separate outcome and verdict baselines for {@link Integration#SEPARATE} (integrated feedback
     * only), one per trajectory for trajectory-level GRPO.
     */
    public static List<double[]> advantages(
            TaskRollouts rollouts, FeedbackMode mode, AlgorithmConfig algorithm) {
        if (mode == FeedbackMode.TRAJECTORY_OUTCOME) {
            return trajectoryAdvantages(rollouts);
        }
        if (mode == FeedbackMode.INTEGRATED && algorithm.integration() == Integration.SEPARATE) {
            List<Trajectory> all = rollouts.trajectories();
            int[] outcomes = new int[all.size()];
            List<double[]> meanVerdicts = new ArrayList<>();
            for (int k = 0; k < all.size(); k++) {
                outcomes[k] = all.get(k).outcome();
                double[] v = new double[all.get(k).length()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = IntegratedReward.meanVerdict(verdicts(rollouts, k, i));
                }
                meanVerdicts.add(v);
            }
            return SeparateAdvantages.compute(outcomes, meanVerdicts, algorithm.verdictScale());
        }
        return StepAdvantages.compute(
                stepRewards(rollouts, mode, algorithm.lambda()), algorithm.singleton());
    }

    /**
     * What the outcome alone gives each step under the same integration: the advantages of the
     * verdict-free counterpart of {@code mode} (per step index, or per trajectory for {@link
     * Integration#SEPARATE}). A step whose outcome advantage is 0 while its advantage is not takes
     * its signal from the verdicts alone.
     */
    public static List<double[]> outcomeAdvantages(
            TaskRollouts rollouts, FeedbackMode mode, AlgorithmConfig algorithm) {
        boolean perTrajectory =
                mode == FeedbackMode.TRAJECTORY_OUTCOME
                        || (mode == FeedbackMode.INTEGRATED
                                && algorithm.integration() == Integration.SEPARATE);
        return advantages(
                rollouts,
                perTrajectory ? FeedbackMode.TRAJECTORY_OUTCOME : FeedbackMode.OUTCOME,
                algorithm);
    }

    /** The samples of the non-zero {@code advantages}, in trajectory then step order. */
    public static List<PolicySample> samples(TaskRollouts rollouts, List<double[]> advantages) {
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

    /**
     * Trajectory-level GRPO: A(τ) = (O(τ) − mean O) / std O over the task's trajectories
     * (population std; 0 when σ ≤ 1e-8, as for steps), the same value on every step of τ.
     */
    static List<double[]> trajectoryAdvantages(TaskRollouts rollouts) {
        List<Trajectory> all = rollouts.trajectories();
        double mean = 0;
        for (Trajectory t : all) {
            mean += t.outcome();
        }
        mean /= all.size();
        double var = 0;
        for (Trajectory t : all) {
            var += (t.outcome() - mean) * (t.outcome() - mean);
        }
        double std = Math.sqrt(var / all.size());
        List<double[]> out = new ArrayList<>();
        for (Trajectory t : all) {
            double[] a = new double[t.length()];
            java.util.Arrays.fill(a, std <= 1e-8 ? 0.0 : (t.outcome() - mean) / std);
            out.add(a);
        }
        return out;
    }

    /** The verdicts of step i of trajectory k. */
    static List<Verdict> verdicts(TaskRollouts rollouts, int k, int i) {
        if (!rollouts.judged()) {
            throw new IllegalStateException(
                    "Task "
                            + rollouts.task().id()
                            + " was not judged, but its feedback"
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
