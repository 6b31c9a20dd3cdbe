package org.rlanything.core.spi;

/**
 * The settings record of a reward-model kind (the {@code reward_model} section of a run config).
 */
public interface RewardModelConfig {}
