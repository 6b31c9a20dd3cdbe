package org.rlanything.core.spi;

/**
 * The settings record of a rewriter kind (the optional {@code rewriter} section of a run config;
 * without it a run uses the environment's own rewriter).
 */
public interface RewriterConfig {}
