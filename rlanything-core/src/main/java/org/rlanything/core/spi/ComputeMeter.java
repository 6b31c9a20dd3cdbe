package org.rlanything.core.spi;

import java.util.ServiceLoader;

/**
 * The tensor backend's meter and thread knob, for the loop benchmarks ({@code bench loop}, {@code
 * bench cluster}): a module with a tensor backend provides one in {@code
 * META-INF/services/org.rlanything.core.spi.ComputeMeter}; without one ({@link #NONE}) no model
 * FLOPs are counted and the peak is unknown (0).
 */
public interface ComputeMeter {

    /** The meter of a class path without a tensor backend: nothing counted, no peak. */
    ComputeMeter NONE =
            new ComputeMeter() {
                @Override
                public double flops() {
                    return 0;
                }

                @Override
                public double matmulPeak(int repeats) {
                    return 0;
                }

                @Override
                public int threads() {
                    return 1;
                }

                @Override
                public void setThreads(int threads) {}
            };

    /** Model floating-point operations executed in this process so far. */
    double flops();

    /**
     * This machine's matrix-multiply peak in FLOP/s, the best of {@code repeats} timed runs (0 when
     * unknown).
     */
    double matmulPeak(int repeats);

    /** The native threads the backend spreads its work over. */
    int threads();

    /** Sets the native threads (results do not depend on their number). */
    void setThreads(int threads);

    /** The backend's meter on this class path, else {@link #NONE}. */
    static ComputeMeter installed() {
        return ServiceLoader.load(ComputeMeter.class, ComputeMeter.class.getClassLoader())
                .findFirst()
                .orElse(NONE);
    }
}
