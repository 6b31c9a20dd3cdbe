package org.rlanything.core.loop;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one iteration produced: metrics (verl-style names), the rollouts with their judgments,
 * the pool's changes and the loop's state afterwards.
 *
 * @param iteration 1-based
 * @param metrics metric name to value, sorted by name; undefined figures are absent, never NaN
 * @param rollouts every task rolled out, actives first, then candidates
 * @param events pool changes
 * @param state the loop state after this iteration
 */
public record IterationRecord(
        int iteration,
        Map<String, Double> metrics,
        List<TaskRollouts> rollouts,
        List<PoolEvent> events,
        LoopState state) {
    public IterationRecord {
        metrics = Collections.unmodifiableMap(new TreeMap<>(metrics));
        rollouts = List.copyOf(rollouts);
        events = List.copyOf(events);
    }
}
