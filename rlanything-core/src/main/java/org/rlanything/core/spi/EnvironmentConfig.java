package org.rlanything.core.spi;

/**
 * The settings record of an environment kind (the {@code environment} section of a run config).
 * Each provider's record declares its keys with their defaults and ranges; every kind has these
 * two.
 */
public interface EnvironmentConfig {

    /** H, the step limit of a training rollout. */
    Integer maxSteps();

    /** Slots of the task pool (original tasks). */
    Integer poolSize();
}
