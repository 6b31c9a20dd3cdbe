package org.rlanything.demo;

import org.rlanything.core.Payload;

/**
 * The tabular models' record of one decision: the door colour seen and the button chosen (indices).
 */
public record Choice(int color, int button) implements Payload {

    /** Reads the colour of the current door from an observation ("... Door 2 of 5 is green."). */
    public static int colorOf(String observation) {
        int best = -1;
        int bestAt = -1;
        for (int c = 0; c < KeyLockEnvironment.COLORS.size(); c++) {
            int at = observation.lastIndexOf(" is " + KeyLockEnvironment.COLORS.get(c) + ".");
            if (at > bestAt) {
                bestAt = at;
                best = c;
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException(
                    "The observation names no door colour: '" + observation + "'.");
        }
        return best;
    }
}
