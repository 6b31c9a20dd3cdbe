package org.rlanything.neural.train;

import java.util.random.RandomGenerator;

/**
 * A SplitMix64 generator whose whole state is one {@code long}, so a driver that draws its
 * randomness sequentially can store {@link #state()} in a checkpoint and resume the exact stream.
 */
public final class SplitMix64 implements RandomGenerator {

    private long state;

    public SplitMix64(long state) {
        this.state = state;
    }

    public long state() {
        return state;
    }

    @Override
    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
