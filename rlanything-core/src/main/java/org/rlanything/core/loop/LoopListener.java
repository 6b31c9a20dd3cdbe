package org.rlanything.core.loop;

import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Receives the loop's results; metrics writers, progress bars, checkpointers and report writers are
 * listeners, not code inside the loop.
 */
@FunctionalInterface
public interface LoopListener {

    /** Called once per iteration, after both updates and any evaluation. */
    void onIterationEnd(IterationRecord record);

    /**
     * Called when a phase of an iteration ends ({@code gen}, {@code judge}, {@code adapt}, {@code
     * update_actor}, {@code update_reward_model}, {@code eval}), with its wall time; benchmarks
     * attribute work to phases here.
     */
    default void onPhaseEnd(int iteration, String phase, long nanos) {}

    /** A listener that receives each iteration's metrics. */
    static LoopListener metrics(BiConsumer<Integer, Map<String, Double>> sink) {
        return record -> sink.accept(record.iteration(), record.metrics());
    }

    /** A listener that receives the loop state after each iteration, for checkpoints. */
    static LoopListener checkpoints(Consumer<LoopState> sink) {
        return record -> sink.accept(record.state());
    }
}
