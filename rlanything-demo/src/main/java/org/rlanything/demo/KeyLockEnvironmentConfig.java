package org.rlanything.demo;

import org.rlanything.core.config.Check;
import org.rlanything.core.loop.AlgorithmConfig;
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
     * The {@code algorithm} defaults of this kind: K = 8, half the default pool per iteration; N =
     * 8; k = 4, as a corridor has few distinct rewrites.
     */
    public static final AlgorithmConfig ALGORITHM =
            AlgorithmConfig.builder()
                    .tasksPerIteration(8)
                    .rolloutsPerTask(8)
                    .rewriterSamples(4)
                    .build();

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
