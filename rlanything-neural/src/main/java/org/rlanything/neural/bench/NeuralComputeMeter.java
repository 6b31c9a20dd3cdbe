package org.rlanything.neural.bench;

import org.rlanything.core.spi.ComputeMeter;
import org.rlanything.neural.model.Flops;
import org.rlanything.neural.model.Parallel;

/**
 * The neural backend's meter for the loop benchmarks: the model FLOPs {@link Flops} counts, the
 * float32 matrix-multiply peak {@link ModelBenchmark#matmulPeak(int)} measures, and {@link
 * Parallel}'s native threads.
 */
public final class NeuralComputeMeter implements ComputeMeter {

    @Override
    public double flops() {
        return Flops.total();
    }

    @Override
    public double matmulPeak(int repeats) {
        return ModelBenchmark.matmulPeak(repeats)[0];
    }

    @Override
    public int threads() {
        return Parallel.threads();
    }

    @Override
    public void setThreads(int threads) {
        Parallel.setThreads(threads);
    }
}
