package org.rlanything.alfworld.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ThorIdsTest {

    @Test
    void manglesLikeAlfworld() {
        assertEquals(
                "Apple_bar__minus_00_dot_59_bar__plus_00_dot_83_bar__minus_00_dot_40",
                ThorIds.mangle("Apple|-00.59|+00.83|-00.40"));
        assertEquals(
                "Sink|-00.70|+00.93|-00.65|SinkBasin",
                ThorIds.demangle(
                        "Sink_bar__minus_00_dot_70_bar__plus_00_dot_93_bar__minus_00_dot_65_bar_SinkBasin"));
        assertEquals(
                "Apple",
                ThorIds.typeOf(
                        "Apple_bar__minus_00_dot_59_bar__plus_00_dot_83_bar__minus_00_dot_40"));
    }

    @Test
    void printsCoordinatesWithSignAndTwoDigits() {
        assertEquals("+00.59", ThorIds.coordinate(0.591));
        assertEquals("-01.05", ThorIds.coordinate(-1.049));
        assertEquals("+12.30", ThorIds.coordinate(12.3));
        assertEquals("+00.00", ThorIds.coordinate(-0.001));
        assertEquals(
                "Mug_bar__plus_01_dot_00_bar__minus_00_dot_50_bar__plus_00_dot_25",
                ThorIds.entity("Mug", 1, -0.5, 0.25));
    }

    @Test
    void turnsALayoutPoseIntoAnAlfworldLocation() {
        // the microwave pose of a layout file and the location naming of the games:
        // loc|x/0.25|z/0.25|rot/90|horizon
        assertEquals(
                "loc_bar__minus_1_bar__minus_7_bar_2_bar__minus_30",
                ThorIds.location(-0.25, -1.75, 180, -30));
        assertEquals("loc_bar_1_bar__minus_5_bar_1_bar_0", ThorIds.location(0.25, -1.25, 90, 0));
    }

    @Test
    void readsCoordinatesBackFromNames() {
        assertArrayEquals(
                new double[] {-0.59, 0.83, -0.40},
                ThorIds.coordinatesOf(
                        "Apple_bar__minus_00_dot_59_bar__plus_00_dot_83_bar__minus_00_dot_40"),
                1e-9);
    }
}
