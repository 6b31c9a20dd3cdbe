package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.judge.LabelJudge;
import org.rlanything.core.reward.FeedbackMode;
import org.rlanything.core.reward.RewardModelWeighting;
import org.rlanything.core.reward.SingletonMode;

/**
 * The GRPO arm's trajectory advantages, the judge's per-trajectory weighting, and the label judge.
 */
class TrajectoryWeightingTest {

    static final String P = "ok \\boxed{1}";
    static final String N = "no \\boxed{-1}";

    static List<List<Judgment>> judged(int steps, String... perStep) {
        List<List<Judgment>> out = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            out.add(JudgeAccuracyTest.verdicts(perStep));
        }
        return out;
    }

    @Test
    void grpoGivesEveryStepOfATrajectoryItsStandardisedOutcome() {
        // Won in 2 steps, failed in 5: outcomes +1, -1; mean 0, std 1: A = +1 on both won steps, -1
        // on all 5.
        Trajectory won = JudgeAccuracyTest.trajectory(true, StepLabel.GOOD, StepLabel.GOOD);
        Trajectory lost =
                JudgeAccuracyTest.trajectory(
                        false,
                        StepLabel.BAD,
                        StepLabel.BAD,
                        StepLabel.BAD,
                        StepLabel.BAD,
                        StepLabel.BAD);
        TaskRollouts r =
                new TaskRollouts(
                        TaskRollouts.Role.ACTIVE, 0, won.task(), List.of(won, lost), List.of());
        List<PolicySample> grpo =
                PolicyData.samples(r, FeedbackMode.TRAJECTORY_OUTCOME, 1.0, SingletonMode.ZERO);
        assertEquals(7, grpo.size(), "every step trained, late failing steps too");
        for (PolicySample s : grpo) {
            assertEquals(s.trajectory() == won ? 1.0 : -1.0, s.advantage(), 1e-12);
        }
        // Per-step-index outcome standardisation trains only the indices both reached (0 and 1).
        assertEquals(
                4, PolicyData.samples(r, FeedbackMode.OUTCOME, 1.0, SingletonMode.ZERO).size());
        assertFalse(FeedbackMode.TRAJECTORY_OUTCOME.usesVerdicts());
    }

    @Test
    void trajectoryWeightingMakesEachTrajectoryWeighTheSameInTotal() {
        Trajectory won = JudgeAccuracyTest.trajectory(true, StepLabel.GOOD, StepLabel.GOOD);
        Trajectory lost =
                JudgeAccuracyTest.trajectory(
                        false,
                        StepLabel.BAD,
                        StepLabel.BAD,
                        StepLabel.BAD,
                        StepLabel.BAD,
                        StepLabel.BAD,
                        StepLabel.BAD);
        TaskRollouts r =
                new TaskRollouts(
                        TaskRollouts.Role.ACTIVE,
                        0,
                        won.task(),
                        List.of(won, lost),
                        List.of(judged(2, P, P, N), judged(6, P, N, N)));
        List<RewardModelSample> step = RewardModelData.samples(r, 1.0, RewardModelWeighting.STEP);
        List<RewardModelSample> traj =
                RewardModelData.samples(r, 1.0, RewardModelWeighting.TRAJECTORY);
        assertEquals(step.size(), traj.size());
        double wonStep = 0;
        double lostStep = 0;
        double wonTraj = 0;
        double lostTraj = 0;
        for (int i = 0; i < step.size(); i++) {
            boolean fromWon = step.get(i).request().trajectory() == won;
            double ratio = traj.get(i).advantage() / step.get(i).advantage();
            // mean length 4: the won trajectory's samples weigh 4/2, the failed one's 4/6.
            assertEquals(fromWon ? 2.0 : 4.0 / 6, ratio, 1e-12);
            if (fromWon) {
                wonStep += Math.abs(step.get(i).advantage());
                wonTraj += Math.abs(traj.get(i).advantage());
            } else {
                lostStep += Math.abs(step.get(i).advantage());
                lostTraj += Math.abs(traj.get(i).advantage());
            }
        }
        assertTrue(
                lostStep / wonStep > 2.9, "per step, the failure's 6 steps outweigh the win's 2");
        // Each trajectory's samples now add up to L̄ = 4 times its per-step magnitude, whatever its
        // length.
        assertEquals(4.0, wonTraj / (wonStep / 2), 1e-12);
        assertEquals(4.0, lostTraj / (lostStep / 6), 1e-12);
    }

    @Test
    void theLabelJudgeFlipsEachVerdictWithProbabilityQ() {
        Trajectory t =
                JudgeAccuracyTest.trajectory(
                        false, StepLabel.GOOD, StepLabel.BAD, StepLabel.GOOD, StepLabel.BAD);
        for (double q : new double[] {0.0, 0.2, 0.5}) {
            LabelJudge judge = new LabelJudge(q, true);
            JudgeAccuracy accuracy = new JudgeAccuracy();
            for (int rep = 0; rep < 500; rep++) {
                List<JudgeRequest> requests = new ArrayList<>();
                List<RandomGenerator> rngs = new ArrayList<>();
                for (int i = 0; i < t.length(); i++) {
                    requests.add(new JudgeRequest(t, i));
                    rngs.add(new SplittableRandom(rep * 10L + i));
                }
                accuracy.add(t, judge.judge(requests, 3, rngs));
            }
            double balanced = accuracy.balancedProcessAccuracy().orElseThrow();
            assertEquals(1 - q, balanced, 0.03, "q = " + q);
        }
    }
}
