package org.rlanything.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PairedDifferenceTest {

    @Test
    void theIntervalIsTheMeanPlusMinusTTimesTheStandardError() {
        // differences 0.1, 0.2, 0.3, 0.0, 0.4: mean 0.2, sample sd sqrt(0.1/4) = 0.158114, se
        // 0.070711,
        // t(0.975, 4) = 2.776: half-width 0.196293.
        PairedDifference d = PairedDifference.of(List.of(0.1, 0.2, 0.3, 0.0, 0.4));
        assertEquals(5, d.n());
        assertEquals(0.2, d.mean(), 1e-12);
        assertEquals(2.776 * Math.sqrt(0.1 / 4) / Math.sqrt(5), d.halfWidth(), 1e-12);
        assertTrue(d.low() > 0);
        assertEquals("+0.200 [+0.004, +0.396] (n=5)", d.format());
        assertEquals("+0.100 (n=1)", PairedDifference.of(List.of(0.1)).format());
        assertEquals("-", PairedDifference.of(List.of()).format());
        assertEquals(0.0, PairedDifference.of(List.of(0.5, 0.5, 0.5)).halfWidth(), 0);
    }
}
