package org.rlanything.openai;

import java.util.Map;
import java.util.TreeMap;

/**
 * Per-role counters that the loop puts into {@code metrics.jsonl}, named {@code
 * endpoint/<role>/<name>}: {@code requests} (logical requests), {@code samples}, {@code
 * http_requests} (tries), {@code retries}, {@code failed/<kind>} per failed try ({@code timeout},
 * {@code connection}, {@code http_429}, {@code http_5xx}), {@code invalid_replies} (samples without
 * text: malformed JSON, no choices), {@code truncated} (replies cut at {@code max_tokens}), {@code
 * prompt_tokens}, {@code completion_tokens}, {@code latency_s}, and the role's own outcome counts
 * ({@code no_action}, {@code invalid_verdicts}, {@code rewrites_invalid}, ...).
 *
 * <p>Every figure is counted from what {@link ResponseLog} records, so a replayed request adds
 * exactly what it added when it was made and a resumed run reports the uninterrupted run's figures.
 * The number of replayed samples, which by nature differs, is kept apart ({@link
 * #replayedSamples()}). Thread-safe.
 */
public final class EndpointMetrics {

    private final String prefix;
    private final Map<String, Long> counts = new TreeMap<>();
    private final Map<String, Long> micros = new TreeMap<>();
    private long replayed;

    /** Counters named {@code endpoint/<role>/...}. */
    public EndpointMetrics(String role) {
        if (!role.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException(
                    "A role name is lower-case letters, digits and '_', got '" + role + "'.");
        }
        this.prefix = "endpoint/" + role + "/";
    }

    /** Adds {@code amount} to the counter {@code name}. */
    public synchronized void add(String name, long amount) {
        counts.merge(name, amount, Long::sum);
    }

    /** Adds 1 to the counter {@code name}. */
    public void increment(String name) {
        add(name, 1);
    }

    /**
     * Adds a duration to {@code name}, kept in whole microseconds: integer sums do not depend on
     * the order in which concurrent requests finish, so a replayed iteration reports the same
     * figure to the last digit.
     */
    public synchronized void addSeconds(String name, double seconds) {
        micros.merge(name, Math.round(seconds * 1e6), Long::sum);
    }

    synchronized void replayed(int samples) {
        replayed += samples;
    }

    /**
     * Samples served from the response log since this client was made (not a metric: it differs on
     * resume).
     */
    public synchronized long replayedSamples() {
        return replayed;
    }

    /** The counters with their full names, in name order, without resetting them. */
    public synchronized Map<String, Double> snapshot() {
        Map<String, Double> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(prefix + k, (double) v));
        micros.forEach((k, v) -> out.put(prefix + k, v / 1e6));
        return out;
    }

    /** The counters since the last drain (one iteration's figures), then resets them. */
    public synchronized Map<String, Double> drain() {
        Map<String, Double> out = snapshot();
        counts.clear();
        micros.clear();
        return out;
    }
}
