package org.rlanything.core.adapt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.core.RewriteGoal.EASIER;
import static org.rlanything.core.RewriteGoal.HARDER;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdaptationThresholdsTest {

    private final AdaptationThresholds rule = AdaptationThresholds.defaults();

    @Test
    void triggersAtAndBeyondEachThreshold() {
        assertEquals(Optional.of(HARDER), rule.trigger(0.8));
        assertEquals(Optional.of(HARDER), rule.trigger(4.0 / 5));
        assertEquals(Optional.of(HARDER), rule.trigger(1.0));
        assertEquals(Optional.empty(), rule.trigger(0.79));
        assertEquals(Optional.empty(), rule.trigger(0.75));
        assertEquals(Optional.of(EASIER), rule.trigger(0.2));
        assertEquals(Optional.of(EASIER), rule.trigger(0));
        assertEquals(Optional.empty(), rule.trigger(0.21));
        assertEquals(Optional.empty(), rule.trigger(0.25));
    }

    @Test
    void harderIsAcceptedInsideAlphaLowInclusiveToPrevAccExclusive() {
        // prev_acc = 1 (8/8): acc' must be in [0.2, 1)
        assertTrue(rule.accepts(HARDER, 1.0, 0.2));
        assertTrue(rule.accepts(HARDER, 1.0, 0.25));
        assertTrue(rule.accepts(HARDER, 1.0, 0.875));
        assertFalse(rule.accepts(HARDER, 1.0, 1.0), "not harder");
        assertFalse(rule.accepts(HARDER, 1.0, 0.19), "overshoots below alpha_low");
        assertFalse(rule.accepts(HARDER, 1.0, 0.125));
        assertFalse(rule.accepts(HARDER, 0.875, 0.875), "equal to prev_acc is not harder");
        assertTrue(rule.accepts(HARDER, 0.875, 0.75));
    }

    @Test
    void easierIsAcceptedAbovePrevAccAndAtMostAlphaHigh() {
        // prev_acc = 0: acc' must be in (0, 0.8]
        assertTrue(rule.accepts(EASIER, 0.0, 0.125));
        assertTrue(rule.accepts(EASIER, 0.0, 0.8));
        assertTrue(rule.accepts(EASIER, 0.0, 0.75));
        assertFalse(rule.accepts(EASIER, 0.0, 0.0), "acc' > 0 is required");
        assertFalse(rule.accepts(EASIER, 0.0, 0.81), "overshoots above alpha_high");
        assertFalse(rule.accepts(EASIER, 0.0, 0.875));
        assertFalse(rule.accepts(EASIER, 0.125, 0.125), "equal to prev_acc is not easier");
        assertTrue(rule.accepts(EASIER, 0.125, 0.25));
    }

    @Test
    void aCandidateNoRolloutSolvedIsNeverAccepted() {
        assertFalse(rule.accepts(HARDER, 1.0, 0.0));
        AdaptationThresholds zeroLow = new AdaptationThresholds(0.0, 0.8);
        assertFalse(zeroLow.accepts(HARDER, 1.0, 0.0), "acc' > 0 even when alpha_low is 0");
        assertTrue(zeroLow.accepts(HARDER, 1.0, 0.125));
    }
}
