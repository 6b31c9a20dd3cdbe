package org.rlanything.core.reward;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AccuracyBandTest {

    @Test
    void theRewardModelBandIsInclusiveAtPointTwoAndPointEight() {
        AccuracyBand band = new AccuracyBand(0.2, 0.8);
        assertTrue(band.contains(0.2));
        assertTrue(band.contains(1.0 / 5));
        assertTrue(band.contains(0.8));
        assertTrue(band.contains(4.0 / 5));
        assertFalse(band.contains(0.125)); // 1/8
        assertFalse(band.contains(0.875)); // 7/8
        assertFalse(band.contains(0.1999));
        assertFalse(band.contains(0.8001));
    }

    @Test
    void thePolicyBandOfTextGamesNeedsOneSuccessAndOneFailureAmongEight() {
        AccuracyBand band = new AccuracyBand(1.0 / 8, 7.0 / 8);
        assertFalse(band.contains(0));
        assertTrue(band.contains(1.0 / 8));
        assertTrue(band.contains(7.0 / 8));
        assertFalse(band.contains(1));
    }

    @Test
    void rejectsAnInvertedBand() {
        assertThrows(IllegalArgumentException.class, () -> new AccuracyBand(0.8, 0.2));
    }
}
