package org.rlanything.core.spi;

/**
 * Generous sizes, in bytes, of what one iteration of an environment kind holds, for the memory
 * check a run makes before it starts.
 *
 * @param step one played step
 * @param judgment one judgment of a step
 * @param task one task of the pool or one rewrite candidate
 * @param models the models the kind loads
 */
public record MemoryProfile(long step, long judgment, long task, long models) {

    /** Small text-free tasks (the key-lock demo's scale). */
    public static final MemoryProfile SMALL = new MemoryProfile(256, 128, 512, 0);
}
