package org.rlanything.core;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Split random generators derived from the run seed.
 *
 * <p><b>How and why.</b> Every random choice of the loop draws from a generator whose seed is a
 * hash of the run seed and a path naming the choice: (iteration, purpose, task position, rollout,
 * step, ...). Nothing consumes a shared stream, so results do not depend on batching, thread
 * scheduling or which cluster member rolled out which trajectory, and the loop's "RNG position" is
 * fully described by its iteration counter: restoring the counter restores every generator. The
 * hash is SplitMix64's finaliser applied along the path (each element is mixed in with a distinct
 * odd constant), which spreads nearby paths over the whole 64-bit space.
 */
public final class Seeds {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Seeds() {}

    /** A 64-bit seed for the given path under {@code seed}. */
    public static long derive(long seed, long... path) {
        long h = mix(seed ^ GOLDEN);
        for (long element : path) {
            h = mix(h + GOLDEN + mix(element + 0x632BE59BD9B4E019L));
        }
        return h;
    }

    /** A fresh generator for the given path under {@code seed}. */
    public static RandomGenerator rng(long seed, long... path) {
        return new SplittableRandom(derive(seed, path));
    }

    /** A stable 64-bit code for a purpose name, to use as a path element. */
    public static long purpose(String name) {
        long h = 0xCBF29CE484222325L; // FNV-1a, stable across JVMs unlike String.hashCode's spread
        for (int i = 0; i < name.length(); i++) {
            h ^= name.charAt(i);
            h *= 0x100000001B3L;
        }
        return mix(h);
    }

    /** SplitMix64's output function. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
