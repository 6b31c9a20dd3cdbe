package org.rlanything.coding.loop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.coding.UnitTestMetrics;
import org.rlanything.coding.UnitTestReward;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Seeds;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.TaskFeedback;
import org.rlanything.core.loop.TaskRollouts;

/**
 * The coding setting's feedback on a task's rollouts (method.md §7), in place of step judging,
 * whatever runs the programs (the sandbox for Python problems, the interpreter for the stack
 * language).
 *
 * <ul>
 *   <li>The reward model writes m unit tests for the task: one request for the task (its first
 *       rollout's program step stands for the task), m samples; none when the arm needs no reward
 *       model.
 *   <li>{@link #run} runs the N programs on the ground-truth tests and on the written tests.
 *   <li><b>Policy</b>: the reward of program i is its ground-truth pass ratio r_i ([R]); its
 *       advantage is (r_i − mean r) / std r over the task's N programs (population std; 0 when std
 *       ≤ 1e-8, as for GRPO steps), on the program step; zero advantages are dropped.
 *   <li><b>Reward model</b>: test j's advantage is {@link UnitTestReward}'s z-scored reward; tasks
 *       without a correct program give none.
 *   <li>Figures ({@link UnitTestMetrics}, §9), over the tasks that reach training: {@code
 *       reward_model/ut_accuracy}, {@code reward_model/detection_rate}, {@code
 *       reward_model/test_parse_rate}, and {@code env/gt_pass_ratio/mean}.
 * </ul>
 */
public abstract class UnitTestFeedback implements TaskFeedback<UnitTestFeedback.Round> {

    /**
     * What running a task's programs found.
     *
     * @param groundTruthPassRatio each program's fraction of ground-truth tests passed
     * @param correct whether each program passed every ground-truth test
     * @param passed {@code passed[i][j]}: program i passed written test j (an unparseable test is
     *     passed by none)
     * @param parsedTests how many written tests could be parsed
     */
    public record Round(
            double[] groundTruthPassRatio,
            boolean[] correct,
            boolean[][] passed,
            int parsedTests) {}

    /**
     * Runs the programs (empty where an answer had none) on the task's ground-truth tests and on
     * the written tests (the reward model's texts, one test each).
     */
    protected abstract Round run(
            TaskRollouts rollouts, List<Optional<String>> programs, List<String> writtenTests);

    @Override
    public final List<Assessment<Round>> assess(
            List<TaskRollouts> tasks, RewardModel rewardModel, int m, long[] seeds) {
        List<JudgeRequest> requests = new ArrayList<>(tasks.size());
        List<RandomGenerator> rngs = new ArrayList<>(tasks.size());
        for (int u = 0; u < tasks.size(); u++) {
            requests.add(new JudgeRequest(programTrajectory(tasks.get(u)), 0));
            rngs.add(Seeds.rng(seeds[u]));
        }
        // Without a reward model (an arm that neither uses nor trains one) no tests are written:
        // the policy's reward, the ground-truth pass ratio, does not need them.
        List<List<Judgment>> written =
                rewardModel == null
                        ? requests.stream().map(r -> List.<Judgment>of()).toList()
                        : rewardModel.judge(requests, m, rngs);
        List<Assessment<Round>> out = new ArrayList<>(tasks.size());
        for (int u = 0; u < tasks.size(); u++) {
            out.add(assess(tasks.get(u), requests.get(u), written.get(u)));
        }
        return out;
    }

    private Assessment<Round> assess(
            TaskRollouts rollouts, JudgeRequest request, List<Judgment> tests) {
        List<Optional<String>> programs = new ArrayList<>();
        for (Trajectory t : rollouts.trajectories()) {
            String program = t.length() == 0 ? "" : t.steps().get(0).action().command().strip();
            programs.add(program.isEmpty() ? Optional.empty() : Optional.of(program));
        }
        Round round = run(rollouts, programs, tests.stream().map(Judgment::text).toList());

        double[] ratio = round.groundTruthPassRatio();
        double[] advantage = standardised(ratio);
        List<double[]> rewards = new ArrayList<>();
        List<PolicySample> policySamples = new ArrayList<>();
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            Trajectory t = rollouts.trajectories().get(k);
            rewards.add(t.length() == 0 ? new double[0] : new double[] {ratio[k]});
            if (t.length() > 0 && advantage[k] != 0.0) {
                policySamples.add(new PolicySample(t, t.steps().get(0), advantage[k]));
            }
        }
        List<RewardModelSample> rewardModelSamples = new ArrayList<>();
        if (!tests.isEmpty()) {
            UnitTestReward.of(round.correct(), round.passed(), null)
                    .ifPresent(
                            r -> {
                                for (int j = 0; j < tests.size(); j++) {
                                    if (r.advantages()[j] != 0.0) {
                                        rewardModelSamples.add(
                                                new RewardModelSample(
                                                        request, tests.get(j), r.advantages()[j]));
                                    }
                                }
                            });
        }
        return new Assessment<>(rewards, policySamples, rewardModelSamples, round);
    }

    /** The first rollout with a program step (all rollouts have one when max_steps >= 1). */
    private static Trajectory programTrajectory(TaskRollouts rollouts) {
        for (Trajectory t : rollouts.trajectories()) {
            if (t.length() > 0) {
                return t;
            }
        }
        throw new IllegalStateException(
                "No rollout of task " + rollouts.task().id() + " took a step.");
    }

    /** (x − mean) / population std, all 0 when std ≤ 1e-8. */
    static double[] standardised(double[] x) {
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= Math.max(1, x.length);
        double var = 0;
        for (double v : x) {
            var += (v - mean) * (v - mean);
        }
        double std = Math.sqrt(var / Math.max(1, x.length));
        double[] z = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            z[i] = std <= 1e-8 ? 0.0 : (x[i] - mean) / std;
        }
        return z;
    }

    @Override
    public final Map<String, Double> figures(List<Assessment<Round>> training) {
        UnitTestMetrics metrics = new UnitTestMetrics();
        double ratioSum = 0;
        int programs = 0;
        for (Assessment<Round> a : training) {
            Round round = a.detail();
            metrics.add(round.correct(), round.passed(), round.parsedTests());
            for (double r : round.groundTruthPassRatio()) {
                ratioSum += r;
                programs++;
            }
        }
        Map<String, Double> out = new HashMap<>();
        putFinite(out, "reward_model/ut_accuracy", metrics.utAccuracy());
        putFinite(out, "reward_model/detection_rate", metrics.detectionRate());
        putFinite(out, "reward_model/test_parse_rate", metrics.parseRate());
        if (programs > 0) {
            out.put("env/gt_pass_ratio/mean", ratioSum / programs);
        }
        return out;
    }

    private static void putFinite(Map<String, Double> out, String name, double value) {
        if (Double.isFinite(value)) {
            out.put(name, value);
        }
    }
}
