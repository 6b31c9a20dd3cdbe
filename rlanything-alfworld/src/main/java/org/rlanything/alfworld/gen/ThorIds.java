package org.rlanything.alfworld.gen;

import java.util.Locale;

/**
 * ALFRED's naming of entities. An AI2-THOR id such as {@code Apple|-00.59|+00.83|-00.40} becomes
 * the PDDL name {@code Apple_bar__minus_00_dot_59_bar__plus_00_dot_83_bar__minus_00_dot_40}; an
 * agent pose {@code (x, z, rotation, horizon)} becomes the location {@code
 * loc_bar_<4x>_bar_<4z>_bar_<rotation/90>_bar_<horizon>}. The engine turns these back into "apple
 * 1", "sinkbasin 1", so generated games must spell them the same way.
 */
public final class ThorIds {

    private ThorIds() {}

    /** The PDDL spelling of a THOR id (or of any name with '|', '+', '-', '.'). */
    public static String mangle(String thorId) {
        StringBuilder out = new StringBuilder(thorId.length() * 2);
        for (int i = 0; i < thorId.length(); i++) {
            char c = thorId.charAt(i);
            switch (c) {
                case '|' -> out.append("_bar_");
                case '+' -> out.append("_plus_");
                case '-' -> out.append("_minus_");
                case '.' -> out.append("_dot_");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** The THOR id of a PDDL name (inverse of {@link #mangle}). */
    public static String demangle(String pddlName) {
        return pddlName.replace("_bar_", "|")
                .replace("_plus_", "+")
                .replace("_minus_", "-")
                .replace("_dot_", ".");
    }

    /** The ALFRED type of a PDDL entity name: the text before the first "_bar_". */
    public static String typeOf(String pddlName) {
        int bar = pddlName.indexOf("_bar_");
        return bar < 0 ? pddlName : pddlName.substring(0, bar);
    }

    /**
     * A THOR coordinate as ALFRED prints it: sign, two integer digits, two decimals ("+00.59",
     * "-01.05").
     */
    public static String coordinate(double value) {
        double rounded = Math.round(value * 100.0) / 100.0;
        String sign = rounded < 0 ? "-" : "+";
        return sign + String.format(Locale.ROOT, "%05.2f", Math.abs(rounded));
    }

    /** The PDDL name of an object or receptacle of {@code type} at (x, y, z). */
    public static String entity(String type, double x, double y, double z) {
        return mangle(type + "|" + coordinate(x) + "|" + coordinate(y) + "|" + coordinate(z));
    }

    /**
     * The PDDL name of the agent location for a grid pose (grid units of 0.25 m, rotation in
     * quarter turns).
     */
    public static String location(int gridX, int gridZ, int quarterTurns, int horizon) {
        return mangle("loc|" + gridX + "|" + gridZ + "|" + quarterTurns + "|" + horizon);
    }

    /** The PDDL location for a layout pose {@code [x, z, rotationDegrees, horizon]}. */
    public static String location(double x, double z, double rotationDegrees, double horizon) {
        return location(
                (int) Math.round(x / 0.25),
                (int) Math.round(z / 0.25),
                (int) Math.round(rotationDegrees / 90.0) % 4,
                (int) Math.round(horizon));
    }

    /** The (x, y, z) a THOR-style PDDL name encodes, or zeros for parts it lacks. */
    public static double[] coordinatesOf(String pddlName) {
        String[] parts = demangle(pddlName).split("\\|");
        double[] xyz = new double[3];
        for (int i = 0; i < 3 && i + 1 < parts.length; i++) {
            try {
                xyz[i] = Double.parseDouble(parts[i + 1]);
            } catch (NumberFormatException e) {
                xyz[i] = 0;
            }
        }
        return xyz;
    }

    /**
     * A fresh object name of {@code type} near the receptacle {@code receptacleId}, not in {@code
     * taken}; the name is added to {@code taken}.
     */
    public static String freshObjectId(
            String type,
            String receptacleId,
            java.util.Set<String> taken,
            java.util.random.RandomGenerator rng) {
        double[] at = coordinatesOf(receptacleId);
        String id;
        do {
            id =
                    entity(
                            type,
                            at[0] + rng.nextDouble(-0.4, 0.4),
                            at[1] + rng.nextDouble(0.0, 0.3),
                            at[2] + rng.nextDouble(-0.4, 0.4));
        } while (!taken.add(id));
        return id;
    }
}
