package org.rlanything.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Figures a model reports from one update (for example {@code pg_loss}, {@code ppo_kl}, {@code
 * grad_norm}); the loop prefixes them with {@code actor/} or {@code reward_model/}.
 */
public record UpdateStats(Map<String, Double> metrics) {
    public UpdateStats {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    public static UpdateStats empty() {
        return new UpdateStats(Map.of());
    }
}
