package org.rlanything.neural.model;

import java.util.concurrent.atomic.DoubleAdder;

/**
 * Counts the model FLOPs this process executes, from the shapes actually run: {@link LlamaModel}
 * adds every decoder pass and every head projection as it runs them. A pass run while this thread
 * records gradients ({@link Autograd#record()}) counts three times its forward FLOPs (backward = 2x
 * forward, the usual convention), so a benchmark can read the total before and after a phase and
 * divide by its wall time.
 */
public final class Flops {

    private static final DoubleAdder TOTAL = new DoubleAdder();
    private static final ThreadLocal<boolean[]> RECORDING =
            ThreadLocal.withInitial(() -> new boolean[1]);

    private Flops() {}

    /** FLOPs executed so far in this process (forward, plus backward of recorded passes). */
    public static double total() {
        return TOTAL.sum();
    }

    /** Adds a pass of {@code forwardFlops}; tripled when this thread records gradients. */
    static void add(double forwardFlops) {
        TOTAL.add(RECORDING.get()[0] ? 3 * forwardFlops : forwardFlops);
    }

    static void recording(boolean on) {
        RECORDING.get()[0] = on;
    }
}
