package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Function;
import org.rlanything.neural.io.TensorData;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.model.Parallel;

/**
 * Copies of a model on which micro-batch gradients are computed in parallel, one per native thread.
 *
 * <p><b>Why copies.</b> PyTorch accumulates every backward pass into the parameters' own gradient,
 * so two threads training one model would add their micro-batches in whatever order they finish.
 * Each copy has its own gradients instead; {@link #gradients} takes a micro-batch's gradient off
 * its copy, and the trainer adds them into the model in micro-batch order, which is the sum
 * sequential accumulation would have made, bit for bit. The copies are made from the model's
 * current weights by {@link #refresh} (after every optimizer step) and are closed with the model's
 * manager or by {@link #close}.
 */
final class Replicas implements AutoCloseable {

    private final LlamaModel model;
    private final int count;
    private final List<LlamaModel> copies = new ArrayList<>();
    private final BlockingQueue<LlamaModel> free;

    Replicas(LlamaModel model, int count) {
        this.model = model;
        this.count = count;
        this.free = new ArrayBlockingQueue<>(count);
    }

    /** Replaces the copies with copies of the model's current weights. */
    void refresh() {
        close();
        for (int i = 0; i < count; i++) {
            // a LoRA model's copies share its frozen base and copy only the adapters
            LlamaModel copy =
                    new LlamaModel(model.weights().replica("a copy of the model's weights"));
            copies.add(copy);
            free.add(copy);
        }
    }

    /** Runs {@code work} on a free copy (waiting for one), then frees it. */
    <R> R with(Function<LlamaModel, R> work) {
        LlamaModel copy;
        try {
            copy = free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a model copy.", e);
        }
        try {
            return work.apply(copy);
        } finally {
            free.add(copy);
        }
    }

    /** One micro-batch's backward pass on a model: the model itself, or a copy. */
    @FunctionalInterface
    interface Pass<T, R> {
        /**
         * Runs {@code item}'s pass on {@code model}; {@code onCopy}: the model is a copy, whose
         * gradient the pass must take ({@link #gradients}) for the trainer to add in order.
         */
        R run(LlamaModel model, T item, boolean onCopy);
    }

    /**
     * Runs {@code pass} on every micro-batch, results in order. With one thread or one micro-batch
     * they run in order on the model itself, whose gradient PyTorch accumulates exactly as the
     * copies' gradients are added in order (no copy of the weights, no gradient through Java: what
     * lets a 0.5B model train in memory, and a small model with a large vocabulary step in a
     * fraction of the time); otherwise in parallel on fresh copies.
     */
    <T, R> List<R> map(List<T> micro, Pass<T, R> pass) {
        if (Parallel.threads() == 1 || micro.size() == 1) {
            List<R> out = new ArrayList<>();
            for (T item : micro) {
                out.add(pass.run(model, item, false));
            }
            return out;
        }
        refresh();
        return Parallel.map(micro, item -> with(copy -> pass.run(copy, item, true)));
    }

    /**
     * The copy's accumulated gradients by parameter name (in the model's order), then zeroes them.
     */
    static Map<String, TensorData> gradients(LlamaModel copy) {
        Map<String, TensorData> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : copy.weights().trainable().entrySet()) {
            NDArray p = e.getValue();
            if (p.hasGradient()) {
                out.put(e.getKey(), ModelWeights.tensorOf(p.getGradient()));
                p.getGradient().set(new ai.djl.ndarray.index.NDIndex("..."), 0);
            }
        }
        return out;
    }

    @Override
    public void close() {
        free.clear();
        for (LlamaModel copy : copies) {
            copy.close();
        }
        copies.clear();
    }
}
