package org.rlanything.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SeedsTest {

    @Test
    void derivationIsAPureFunctionOfSeedAndPath() {
        assertEquals(Seeds.derive(10086, 3, 7), Seeds.derive(10086, 3, 7));
        assertEquals(Seeds.rng(1, 2).nextLong(), Seeds.rng(1, 2).nextLong());
        assertNotEquals(Seeds.derive(10086, 3, 7), Seeds.derive(10086, 7, 3), "order matters");
        assertNotEquals(Seeds.derive(10086, 3), Seeds.derive(10087, 3));
        assertNotEquals(Seeds.derive(1, 0), Seeds.derive(1, 0, 0), "path length matters");
    }

    @Test
    void nearbyPathsGiveDistinctSeeds() {
        Set<Long> seen = new HashSet<>();
        for (int a = 0; a < 50; a++) {
            for (int b = 0; b < 50; b++) {
                seen.add(Seeds.derive(0, a, b));
            }
        }
        assertEquals(2500, seen.size());
    }

    @Test
    void purposeCodesAreStable() {
        assertEquals(Seeds.purpose("pick"), Seeds.purpose("pick"));
        assertNotEquals(Seeds.purpose("pick"), Seeds.purpose("judge"));
    }
}
