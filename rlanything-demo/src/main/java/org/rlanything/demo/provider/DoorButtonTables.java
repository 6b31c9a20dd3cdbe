package org.rlanything.demo.provider;

import org.rlanything.core.spi.ModelHooks;

/**
 * The hook of an environment whose steps a table indexed by door colour and button can hold (the
 * key-lock corridors): what the {@code tabular} policy and judge kinds need.
 */
public interface DoorButtonTables extends ModelHooks {}
