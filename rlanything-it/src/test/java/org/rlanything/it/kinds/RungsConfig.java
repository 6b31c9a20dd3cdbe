package org.rlanything.it.kinds;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * {@code environment.kind: rungs}: climb a ladder of n rungs with "up" (the other command, "rest",
 * wastes a step).
 *
 * @param poolSize ladders in the pool
 * @param maxSteps H
 * @param maxRungs the tallest ladder of the pool (ladders have 1..maxRungs rungs)
 */
public record RungsConfig(Integer poolSize, Integer maxSteps, Integer maxRungs)
        implements EnvironmentConfig {
    public RungsConfig {
        poolSize = Check.between("pool_size", poolSize, 6, 1, 1000);
        maxSteps = Check.between("max_steps", maxSteps, 8, 1, 100);
        maxRungs = Check.between("max_rungs", maxRungs, 5, 1, maxSteps);
    }
}
