package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Judgment;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.reward.FeedbackMode;
import org.rlanything.core.reward.Integration;
import org.rlanything.core.reward.SeparateAdvantages;

/**
 * {@link Integration#SEPARATE}: the outcome standardised per task plus a bounded, centred verdict
 * term, against hand-computed values; and the share of samples the verdicts decide alone.
 */
class SeparateIntegrationTest {

    static final String P = TrajectoryWeightingTest.P;
    static final String N = TrajectoryWeightingTest.N;

    private static List<List<Judgment>> judged(int steps, String... perStep) {
        return TrajectoryWeightingTest.judged(steps, perStep);
    }

    @Test
    void outcomeKeepsItsScaleAndVerdictsAddABoundedCentredTerm() {
        // outcomes +1, -1, -1, -1: mean -0.5, population std sqrt(0.75); z = +1.732, -0.577.
        // mean verdicts: won [1, 1/3], lost [-1, -1, -1], [-1/3, -1/3], [1]; their mean over the
        // 8 steps: (1 + 1/3 - 3 - 2/3 + 1)/8 = -1/6.
        List<double[]> v =
                List.of(
                        new double[] {1, 1.0 / 3},
                        new double[] {-1, -1, -1},
                        new double[] {-1.0 / 3, -1.0 / 3},
                        new double[] {1});
        List<double[]> a = SeparateAdvantages.compute(new int[] {1, -1, -1, -1}, v, 0.5);
        double zWon = 1.5 / Math.sqrt(0.75);
        double zLost = -0.5 / Math.sqrt(0.75);
        assertEquals(zWon + 0.5 * (1 + 1.0 / 6), a.get(0)[0], 1e-12);
        assertEquals(zWon + 0.5 * (1.0 / 3 + 1.0 / 6), a.get(0)[1], 1e-12);
        assertEquals(zLost + 0.5 * (-1 + 1.0 / 6), a.get(1)[2], 1e-12);
        // a good step of a failed rollout can rise above zero: -0.577 + 0.5·(1 + 1/6) = +0.006
        assertEquals(zLost + 0.5 * (1 + 1.0 / 6), a.get(3)[0], 1e-12);
        assertTrue(a.get(3)[0] > 0);
        // the verdict term never moves a step by more than 2c from its outcome's z
        for (int k = 0; k < v.size(); k++) {
            for (double x : a.get(k)) {
                assertTrue(Math.abs(x - (k == 0 ? zWon : zLost)) <= 2 * 0.5 + 1e-12);
            }
        }
    }

    @Test
    void scaleZeroIsTrajectoryLevelGrpoAndEqualOutcomesLeaveOnlyTheVerdicts() {
        List<double[]> v = List.of(new double[] {1, -1}, new double[] {-1, -1, 1});
        List<double[]> grpo = SeparateAdvantages.compute(new int[] {1, -1}, v, 0.0);
        assertEquals(List.of(1.0, 1.0, -1.0, -1.0, -1.0), flat(grpo));
        // all failed: σ_O = 0, z = 0; baseline -1/5
        List<double[]> allFailed = SeparateAdvantages.compute(new int[] {-1, -1}, v, 0.5);
        assertEquals(0.5 * (1 + 0.2), allFailed.get(0)[0], 1e-12);
        assertEquals(0.5 * (-1 + 0.2), allFailed.get(1)[0], 1e-12);
        assertThrows(
                IllegalArgumentException.class,
                () -> SeparateAdvantages.compute(new int[] {1}, v, 0.5));
    }

    @Test
    void policyDataFollowsTheIntegrationKeyAndCountsVerdictOnlySamples() {
        // Won in 2 steps, failed in 4. Step-index rule: indices 2 and 3 hold only the failure, a
        // group of one (advantage 0 under the default singleton rule); with a second failure of 4
        // steps they hold two failures with equal outcomes, so their advantages are the verdicts'.
        Trajectory won = JudgeAccuracyTest.trajectory(true, StepLabel.GOOD, StepLabel.GOOD);
        Trajectory lostA =
                JudgeAccuracyTest.trajectory(
                        false, StepLabel.BAD, StepLabel.BAD, StepLabel.BAD, StepLabel.BAD);
        Trajectory lostB =
                JudgeAccuracyTest.trajectory(
                        false, StepLabel.BAD, StepLabel.BAD, StepLabel.GOOD, StepLabel.GOOD);
        TaskRollouts r =
                new TaskRollouts(
                        TaskRollouts.Role.ACTIVE,
                        0,
                        won.task(),
                        List.of(won, lostA, lostB),
                        List.of(judged(2, P, P, P), judged(4, N, N, N), judged(4, P, P, N)));
        AlgorithmConfig paper = AlgorithmConfig.defaults();
        List<double[]> stepIndex = PolicyData.advantages(r, FeedbackMode.INTEGRATED, paper);
        List<double[]> outcome = PolicyData.outcomeAdvantages(r, FeedbackMode.INTEGRATED, paper);
        assertEquals(0.0, outcome.get(1)[3], 0.0, "the outcome is silent past the win");
        assertEquals(-1.0, stepIndex.get(1)[3], 1e-12, "there the verdicts decide at unit scale");
        assertEquals(1.0, stepIndex.get(2)[3], 1e-12);

        AlgorithmConfig separate =
                paper.toBuilder().integration(Integration.SEPARATE).verdictScale(0.25).build();
        List<double[]> a = PolicyData.advantages(r, FeedbackMode.INTEGRATED, separate);
        List<double[]> o = PolicyData.outcomeAdvantages(r, FeedbackMode.INTEGRATED, separate);
        double z = -1 / Math.sqrt(2); // outcomes +1, -1, -1: mean -1/3, std sqrt(8/9)
        assertEquals(z, o.get(1)[3], 1e-12);
        // mean verdicts: won [1, 1], lostA [-1 x4], lostB [1/3 x4]; baseline (2 - 4 + 4/3)/10
        double baseline = (2 - 4 + 4.0 / 3) / 10;
        assertEquals(z + 0.25 * (-1 - baseline), a.get(1)[3], 1e-12);
        assertEquals(z + 0.25 * (1.0 / 3 - baseline), a.get(2)[3], 1e-12);

        IterationMetricsProbe paperShares = IterationMetricsProbe.of(stepIndex, outcome);
        // 2 + 4 + 4 non-zero samples; indices 2-3 of the two failures (4) are verdict-only
        assertEquals(0.4, paperShares.verdictOnly(), 1e-12);
        IterationMetricsProbe separateShares = IterationMetricsProbe.of(a, o);
        assertEquals(0.0, separateShares.verdictOnly(), 1e-12);
    }

    /** The shares {@link IterationMetrics#verdictShares} reports for one task. */
    record IterationMetricsProbe(double verdictOnly, double against) {
        static IterationMetricsProbe of(List<double[]> advantages, List<double[]> outcome) {
            IterationMetrics metrics =
                    new IterationMetrics(new LoopConfig(1, AlgorithmConfig.defaults(), 10, 0));
            metrics.verdictShares(advantages, outcome);
            metrics.policySamples(List.of());
            return new IterationMetricsProbe(
                    metrics.values().get("actor/verdict_only_share"),
                    metrics.values().get("actor/verdict_against_outcome_share"));
        }
    }

    private static List<Double> flat(List<double[]> arrays) {
        List<Double> out = new ArrayList<>();
        for (double[] a : arrays) {
            for (double x : a) {
                out.add(x);
            }
        }
        return out;
    }
}
