package org.rlanything.coding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The consistency reward and the test writer's metrics (method.md §7, §9) on hand-built pass
 * matrices: correct/incorrect programs × consistent/inconsistent tests. Expected numbers are
 * derived in the comments.
 */
class UnitTestRewardTest {

    private static final double EPS = 1e-9;

    // programs: two correct (C1, C2), two incorrect (W1, W2)
    private static final boolean[] MIXED = {true, true, false, false};
    private static final boolean[][] MIXED_PASSES = {
        // t0     t1     t2     t3     t4 (invalid: passed by none)
        {true, true, true, false, false}, // C1
        {true, true, true, true, false}, // C2
        {false, true, true, true, false}, // W1
        {false, false, true, true, false}, // W2
    };

    @Test
    void withIncorrectProgramsAConsistentTestEarnsTheIncorrectOnesItFails() {
        UnitTestReward.TaskRewards r = UnitTestReward.of(MIXED, MIXED_PASSES, null).orElseThrow();
        // t0 consistent, fails W1 and W2: +2; t1 consistent, fails W2: +1; t2 consistent, fails
        // none: 0
        // t3 inconsistent (C1 fails), passed by W1 and W2: -2; t4 invalid = inconsistent, passes
        // none: -0
        assertArrayEquals(new double[] {2, 1, 0, -2, 0}, r.raw(), EPS);
        assertArrayEquals(new boolean[] {true, true, true, false, false}, r.consistent());
        // mean 0.2; squared deviations 3.24 + 0.64 + 0.04 + 4.84 + 0.04 = 8.8; var 1.76; std
        // 1.32665
        double std = Math.sqrt(1.76);
        assertArrayEquals(
                new double[] {1.8 / std, 0.8 / std, -0.2 / std, -2.2 / std, -0.2 / std},
                r.advantages(),
                EPS);
        assertEquals(1.3568010506, r.advantages()[0], 1e-9);
        assertEquals(List.of(0, 1, 2, 3, 4), UnitTestReward.kept(r));
    }

    @Test
    void withOnlyCorrectProgramsATestEarnsPlusOrMinusOne() {
        boolean[] allCorrect = {true, true};
        boolean[][] passes = {
            {true, true, false}, // C1
            {true, false, false}, // C2
        };
        UnitTestReward.TaskRewards r = UnitTestReward.of(allCorrect, passes, null).orElseThrow();
        // t0 consistent +1; t1 failed by C2 -1; t2 invalid -1
        assertArrayEquals(new double[] {1, -1, -1}, r.raw(), EPS);
        // mean -1/3, var ((4/3)^2 + 2 (2/3)^2) / 3 = 8/9
        double std = Math.sqrt(8.0 / 9);
        assertArrayEquals(
                new double[] {(4.0 / 3) / std, -(2.0 / 3) / std, -(2.0 / 3) / std},
                r.advantages(),
                EPS);
    }

    @Test
    void aTaskWithoutACorrectProgramIsSkipped() {
        assertEquals(
                Optional.empty(),
                UnitTestReward.of(
                        new boolean[] {false, false}, new boolean[][] {{true}, {false}}, null));
    }

    @Test
    void equalRawRewardsGiveNoSignal() {
        // every test consistent and failed by the one incorrect program: all +1
        UnitTestReward.TaskRewards r =
                UnitTestReward.of(
                                new boolean[] {true, false},
                                new boolean[][] {{true, true, true}, {false, false, false}},
                                null)
                        .orElseThrow();
        assertArrayEquals(new double[] {1, 1, 1}, r.raw(), EPS);
        assertArrayEquals(new double[] {0, 0, 0}, r.advantages(), EPS);
        assertEquals(List.of(), UnitTestReward.kept(r));
    }

    @Test
    void theOptionalAccuracyBandSkipsTasksOutsideIt() {
        double[] band = {0.2, 0.8};
        assertTrue(
                UnitTestReward.of(MIXED, MIXED_PASSES, band).isPresent(), "accuracy 0.5 is inside");
        assertEquals(
                Optional.empty(),
                UnitTestReward.of(
                        new boolean[] {true, true}, new boolean[][] {{true}, {false}}, band),
                "accuracy 1.0 is outside");
    }

    @Test
    void utAccuracyAndDetectionRatePoolTheTestsOfTheirTasks() {
        UnitTestMetrics metrics = new UnitTestMetrics();
        metrics.add(MIXED, MIXED_PASSES, 4);
        // mixed task: consistent t0, t1, t2 = 3 of 5; detecting (consistent and failed by W1 and
        // W2): t0 = 1 of 5
        assertEquals(0.6, metrics.utAccuracy(), EPS);
        assertEquals(0.2, metrics.detectionRate(), EPS);
        // only correct programs: consistent 1 of 3; not a detection task
        metrics.add(
                new boolean[] {true, true},
                new boolean[][] {{true, true, false}, {true, false, false}},
                2);
        // no correct program: counts for neither metric
        metrics.add(new boolean[] {false}, new boolean[][] {{true, true}}, 2);
        assertEquals(4.0 / 8, metrics.utAccuracy(), EPS);
        assertEquals(1.0 / 5, metrics.detectionRate(), EPS);
        assertEquals(8.0 / 10, metrics.parseRate(), EPS);
        assertEquals(3, metrics.tasks());
    }

    @Test
    void metricsWithoutQualifyingTasksAreNaN() {
        UnitTestMetrics metrics = new UnitTestMetrics();
        metrics.add(new boolean[] {false}, new boolean[][] {{true}}, 1);
        assertTrue(Double.isNaN(metrics.utAccuracy()));
        assertTrue(Double.isNaN(metrics.detectionRate()));
    }
}
