package org.rlanything.core.reward;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.rlanything.core.Verdict.INVALID;
import static org.rlanything.core.Verdict.NEGATIVE;
import static org.rlanything.core.Verdict.POSITIVE;

import java.util.List;
import org.junit.jupiter.api.Test;

class IntegratedRewardTest {

    @Test
    void integratedRewardAddsTheMeanVerdictToTheOutcome() {
        // R = O + (λ/m)ΣS: 1 + (1/3)(1 + 1 - 1) = 4/3
        assertEquals(
                4.0 / 3,
                IntegratedReward.of(
                        FeedbackMode.INTEGRATED, 1, List.of(POSITIVE, POSITIVE, NEGATIVE), 1.0),
                1e-12);
        // -1 + (1/3)(-3) = -2: the lower end of [-2, 2]
        assertEquals(
                -2.0,
                IntegratedReward.of(
                        FeedbackMode.INTEGRATED, -1, List.of(NEGATIVE, NEGATIVE, NEGATIVE), 1.0),
                1e-12);
        // λ scales the verdict term: -1 + 0.5 * (2/3)
        assertEquals(
                -1 + 0.5 * 2 / 3,
                IntegratedReward.of(
                        FeedbackMode.INTEGRATED, -1, List.of(POSITIVE, POSITIVE, INVALID), 0.5),
                1e-12);
    }

    @Test
    void anInvalidVerdictCountsAsZeroAndTheDivisorStaysM() {
        // 1 + (1 + 0 + 0)/3, not 1 + 1/1
        assertEquals(
                1 + 1.0 / 3,
                IntegratedReward.of(
                        FeedbackMode.INTEGRATED, 1, List.of(POSITIVE, INVALID, INVALID), 1.0),
                1e-12);
        assertEquals(
                -1.0,
                IntegratedReward.of(
                        FeedbackMode.INTEGRATED, -1, List.of(INVALID, INVALID, INVALID), 1.0),
                1e-12);
    }

    @Test
    void ablationModesUseOneTermEach() {
        assertEquals(-1.0, IntegratedReward.of(FeedbackMode.OUTCOME, -1, List.of(POSITIVE), 1.0));
        assertEquals(
                1.0 / 3,
                IntegratedReward.of(
                        FeedbackMode.STEP_ONLY, -1, List.of(POSITIVE, POSITIVE, NEGATIVE), 1.0),
                1e-12);
    }

    @Test
    void rejectsAnOutcomeOtherThanPlusOrMinusOne() {
        assertThrows(
                IllegalArgumentException.class,
                () -> IntegratedReward.of(FeedbackMode.OUTCOME, 0, List.of(), 1));
    }
}
