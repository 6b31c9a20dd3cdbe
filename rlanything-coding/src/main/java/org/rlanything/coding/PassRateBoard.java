package org.rlanything.coding;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The latest per-test pass rates of each task (the fraction of the N programs passing each
 * ground-truth test), kept for the rewriter, which is told them (method.md §7: the rewrite is
 * "informed by the per-test pass rates"). Thread-safe.
 */
public final class PassRateBoard {

    private final Map<String, double[]> rates = new ConcurrentHashMap<>();

    /** Records a task's pass rates from its latest round. */
    public void record(String taskId, double[] perTestPassRates) {
        rates.put(taskId, perTestPassRates.clone());
    }

    /** The task's latest pass rates, if it had a round. */
    public Optional<double[]> of(String taskId) {
        double[] r = rates.get(taskId);
        return r == null ? Optional.empty() : Optional.of(r.clone());
    }
}
