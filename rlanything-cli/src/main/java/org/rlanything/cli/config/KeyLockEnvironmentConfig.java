package org.rlanything.cli.config;

/**
 * {@code environment.kind: keylock}: the built-in key-lock corridors.
 *
 * @param poolSize number of original tasks (slots)
 * @param maxSteps H
 * @param minDoors fewest doors of an original corridor
 * @param maxDoors most doors of an original corridor
 */
public record KeyLockEnvironmentConfig(Integer poolSize, Integer maxSteps, Integer minDoors, Integer maxDoors)
        implements EnvironmentConfig {
    public KeyLockEnvironmentConfig {
        poolSize = Check.between("pool_size", poolSize, 16, 1, Check.MAX_POOL);
        maxSteps = Check.between("max_steps", maxSteps, 12, 1, 1000);
        minDoors = Check.between("min_doors", minDoors, 2, 1, maxSteps);
        maxDoors = Check.between("max_doors", maxDoors, 7, minDoors, maxSteps);
    }
}
