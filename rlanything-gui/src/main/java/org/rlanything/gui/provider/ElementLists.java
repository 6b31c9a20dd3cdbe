package org.rlanything.gui.provider;

import org.rlanything.core.spi.ModelHooks;

/**
 * The hook of an environment whose observations are MiniWoB++ element lists and whose actions act
 * on their numbered elements (MiniWoB++): what the {@code element} policy and judge kinds need.
 */
public interface ElementLists extends ModelHooks {}
