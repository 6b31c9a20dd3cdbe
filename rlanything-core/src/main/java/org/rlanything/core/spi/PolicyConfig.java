package org.rlanything.core.spi;

/** The settings record of a policy kind (the {@code policy} section of a run config). */
public interface PolicyConfig {}
