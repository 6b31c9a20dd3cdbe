package org.rlanything.core.reward;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.core.Verdict.INVALID;
import static org.rlanything.core.Verdict.NEGATIVE;
import static org.rlanything.core.Verdict.POSITIVE;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Verdict;

class ConsistencyRewardTest {

    @Test
    void rawRewardIsStepRewardTimesVerdictOrMinusTwo() {
        List<Verdict> verdicts = List.of(POSITIVE, NEGATIVE, INVALID);
        // success with one +1, one -1, one invalid: R = 1 + 0/3 = 1
        assertArrayEquals(new double[] {1, -1, -2}, ConsistencyReward.raw(1.0, verdicts), 1e-12);
    }

    @Test
    void advantagesAreZScoredOverTheMJudgments() {
        // failed trajectory, verdicts {-1, -1, +1}: R = -1 + (-1/3) = -4/3; raw = {4/3, 4/3, -4/3}
        double r = -4.0 / 3;
        double[] a =
                ConsistencyReward.advantages(r, List.of(NEGATIVE, NEGATIVE, POSITIVE))
                        .orElseThrow();
        double mean = 4.0 / 9;
        double std =
                Math.sqrt((2 * Math.pow(4.0 / 3 - mean, 2) + Math.pow(-4.0 / 3 - mean, 2)) / 3);
        assertArrayEquals(
                new double[] {
                    (4.0 / 3 - mean) / std, (4.0 / 3 - mean) / std, (-4.0 / 3 - mean) / std
                },
                a,
                1e-12);
        // the agreeing verdicts are rewarded
        assertTrue(a[0] > 0 && a[2] < 0);
    }

    @Test
    void theFormatPenaltyEntersTheZScore() {
        // success, {+1, +1, invalid}: R = 1 + 2/3 = 5/3; raw = {5/3, 5/3, -2}
        double[] a =
                ConsistencyReward.advantages(5.0 / 3, List.of(POSITIVE, POSITIVE, INVALID))
                        .orElseThrow();
        double[] raw = {5.0 / 3, 5.0 / 3, -2};
        double mean = (raw[0] + raw[1] + raw[2]) / 3;
        double std =
                Math.sqrt(
                        ((raw[0] - mean) * (raw[0] - mean) * 2 + (raw[2] - mean) * (raw[2] - mean))
                                / 3);
        assertArrayEquals(
                new double[] {(raw[0] - mean) / std, (raw[1] - mean) / std, (raw[2] - mean) / std},
                a,
                1e-12);
    }

    @Test
    void unanimousOrContradictedStepsAreSkipped() {
        // unanimous agreement: raw all equal
        assertTrue(
                ConsistencyReward.advantages(2.0, List.of(POSITIVE, POSITIVE, POSITIVE)).isEmpty());
        // all verdicts contradict a success: R = 1 - 1 = 0, raw all 0
        assertTrue(
                ConsistencyReward.advantages(0.0, List.of(NEGATIVE, NEGATIVE, NEGATIVE)).isEmpty());
        // all invalid: raw all -2
        assertTrue(ConsistencyReward.advantages(1.0, List.of(INVALID, INVALID, INVALID)).isEmpty());
    }
}
