package org.rlanything.core.reward;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class StepAdvantagesTest {

    @Test
    void standardisesPerStepIndexWithPopulationStd() {
        // Index 0: {2, 0, -2} -> mean 0, population std sqrt(8/3). Index 1: {1, -1} -> mean 0, std
        // 1.
        // Index 2: only the third trajectory reaches it -> a group of one -> 0 by default.
        List<double[]> rewards =
                List.of(new double[] {2, 1}, new double[] {0, -1}, new double[] {-2, 3, 5});
        List<double[]> a = StepAdvantages.compute(rewards, SingletonMode.ZERO);
        double std0 = Math.sqrt(8.0 / 3);
        // index 1 has three members: {1, -1, 3} -> mean 1, population std sqrt((0 + 4 + 4)/3)
        double std1 = Math.sqrt(8.0 / 3);
        assertArrayEquals(new double[] {2 / std0, 0}, a.get(0), 1e-12);
        assertArrayEquals(new double[] {0, -2 / std1}, a.get(1), 1e-12);
        assertArrayEquals(new double[] {-2 / std0, 2 / std1, 0}, a.get(2), 1e-12);
    }

    @Test
    void aGroupOfOneKeepsTheRawRewardOnlyInRawMode() {
        List<double[]> rewards = List.of(new double[] {1}, new double[] {-1, -1.5});
        assertEquals(-1.5, StepAdvantages.compute(rewards, SingletonMode.RAW).get(1)[1], 1e-12);
        assertEquals(0.0, StepAdvantages.compute(rewards, SingletonMode.ZERO).get(1)[1], 0.0);
    }

    @Test
    void zeroVarianceGivesZeroAdvantage() {
        List<double[]> rewards =
                List.of(new double[] {-1, -1}, new double[] {-1, -1}, new double[] {-1, -1});
        for (double[] a : StepAdvantages.compute(rewards, SingletonMode.RAW)) {
            assertArrayEquals(new double[] {0, 0}, a, 0.0);
        }
        // a spread at or below 1e-8 counts as none
        List<double[]> tiny = List.of(new double[] {1}, new double[] {1 + 1.5e-8}); // std 0.75e-8
        assertArrayEquals(
                new double[] {0}, StepAdvantages.compute(tiny, SingletonMode.ZERO).get(0), 0.0);
        List<double[]> small = List.of(new double[] {1}, new double[] {1 + 3e-8}); // std 1.5e-8
        assertArrayEquals(
                new double[] {-1}, StepAdvantages.compute(small, SingletonMode.ZERO).get(0), 1e-6);
    }
}
