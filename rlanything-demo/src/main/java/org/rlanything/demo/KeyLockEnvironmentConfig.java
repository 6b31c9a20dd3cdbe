package org.rlanything.demo;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * {@code environment.kind: keylock}: the built-in key-lock corridors.
 *
 * @param poolSize number of original tasks (slots)
 * @param maxSteps H
 * @param minDoors fewest doors of an original corridor
 * @param maxDoors most doors of an original corridor
 */
public record KeyLockEnvironmentConfig(
        Integer poolSize, Integer maxSteps, Integer minDoors, Integer maxDoors)
        implements EnvironmentConfig {
    /**
     * K for key-lock: half the default pool per iteration (the {@code algorithm} default of this
     * kind).
     */
    public static final int TASKS_PER_ITERATION = 8;

    /** N for key-lock (the {@code algorithm} default of this kind). */
    public static final int ROLLOUTS_PER_TASK = 8;

    /**
     * k for key-lock: a corridor has few distinct rewrites (the {@code algorithm} default of this
     * kind).
     */
    public static final int REWRITER_SAMPLES = 4;

    /** Every key at its default. */
    public static final KeyLockEnvironmentConfig DEFAULTS =
            new KeyLockEnvironmentConfig(null, null, null, null);

    public KeyLockEnvironmentConfig {
        poolSize = Check.between("pool_size", poolSize, 16, 1, Check.MAX_POOL);
        maxSteps = Check.between("max_steps", maxSteps, 12, 1, 1000);
        minDoors = Check.between("min_doors", minDoors, 2, 1, maxSteps);
        maxDoors = Check.between("max_doors", maxDoors, 7, minDoors, maxSteps);
    }
}
