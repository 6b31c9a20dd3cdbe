package org.rlanything.core.config;

import java.util.List;

/**
 * Range checks for config records (each provider's settings record uses them in its constructor);
 * each failure names the key, what was expected and what was given, as an {@link
 * InvalidValueException}.
 */
public final class Check {

    /** The most tasks a pool may hold (and so the most per iteration). */
    public static final int MAX_POOL = 100_000;

    /** The most iterations of a run. */
    public static final int MAX_ITERATIONS = 1_000_000;

    /** The upper bound of every other count: no size is unbounded. */
    public static final int MAX_COUNT = 1_000_000;

    private Check() {}

    /** An integer {@code >= min}, and (as every size) at most {@link #MAX_COUNT}. */
    public static int atLeast(String key, Integer value, int fallback, int min) {
        return between(key, value, fallback, min, MAX_COUNT);
    }

    public static int between(String key, Integer value, int fallback, int min, int max) {
        int v = value == null ? fallback : value;
        if (v < min || v > max) {
            throw new InvalidValueException(
                    key, "expected an integer from " + min + " to " + max + ", got " + v + ".");
        }
        return v;
    }

    public static double positive(String key, Double value, double fallback, double max) {
        double v = value == null ? fallback : value;
        if (!(v > 0 && v <= max)) {
            throw new InvalidValueException(
                    key, "expected a number > 0 and <= " + max + ", got " + v + ".");
        }
        return v;
    }

    public static double between(
            String key, Double value, double fallback, double min, double max) {
        double v = value == null ? fallback : value;
        if (!(v >= min && v <= max)) {
            throw new InvalidValueException(
                    key, "expected a number from " + min + " to " + max + ", got " + v + ".");
        }
        return v;
    }

    /** A band [low, high] within [0, 1]. */
    public static List<Double> band(String key, List<Double> value, List<Double> fallback) {
        List<Double> v = value == null ? fallback : value;
        if (v.size() != 2
                || v.get(0) == null
                || v.get(1) == null
                || !(v.get(0) >= 0 && v.get(1) <= 1 && v.get(0) <= v.get(1))) {
            throw new InvalidValueException(
                    key,
                    "expected two numbers [low, high] with 0 <= low <= high <= 1, got " + v + ".");
        }
        return List.copyOf(v);
    }

    public static String nonEmpty(String key, String value, String fallback) {
        String v = value == null ? fallback : value;
        if (v == null || v.isBlank()) {
            throw new InvalidValueException(key, "expected a non-empty text.");
        }
        return v;
    }
}
