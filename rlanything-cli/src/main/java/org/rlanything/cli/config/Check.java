package org.rlanything.cli.config;

import java.util.List;

/** Range checks for config records; each failure names the key, what was expected and what was given. */
final class Check {

    private Check() {
    }

    static int atLeast(String key, Integer value, int fallback, int min) {
        int v = value == null ? fallback : value;
        if (v < min) {
            throw new InvalidValueException(key, "expected an integer >= " + min + ", got " + v + ".");
        }
        return v;
    }

    static int between(String key, Integer value, int fallback, int min, int max) {
        int v = value == null ? fallback : value;
        if (v < min || v > max) {
            throw new InvalidValueException(key, "expected an integer from " + min + " to " + max + ", got " + v + ".");
        }
        return v;
    }

    static double positive(String key, Double value, double fallback) {
        double v = value == null ? fallback : value;
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new InvalidValueException(key, "expected a number > 0, got " + v + ".");
        }
        return v;
    }

    static double between(String key, Double value, double fallback, double min, double max) {
        double v = value == null ? fallback : value;
        if (!(v >= min && v <= max)) {
            throw new InvalidValueException(key, "expected a number from " + min + " to " + max + ", got " + v + ".");
        }
        return v;
    }

    /** A band [low, high] within [0, 1]. */
    static List<Double> band(String key, List<Double> value, List<Double> fallback) {
        List<Double> v = value == null ? fallback : value;
        if (v.size() != 2 || v.get(0) == null || v.get(1) == null || !(v.get(0) >= 0 && v.get(1) <= 1
                && v.get(0) <= v.get(1))) {
            throw new InvalidValueException(key, "expected two numbers [low, high] with 0 <= low <= high <= 1, got "
                    + v + ".");
        }
        return List.copyOf(v);
    }

    static String nonEmpty(String key, String value, String fallback) {
        String v = value == null ? fallback : value;
        if (v == null || v.isBlank()) {
            throw new InvalidValueException(key, "expected a non-empty text.");
        }
        return v;
    }
}
