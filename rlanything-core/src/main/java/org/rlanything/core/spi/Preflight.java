package org.rlanything.core.spi;

import java.util.function.Function;

/**
 * Settings of a section that depend on a service outside this process (an endpoint): a run checks
 * them before any local set-up (games, starting models, browsers, sandboxes), so that a closed
 * port, a refused key or an unset key variable is reported in seconds, not after minutes of work.
 */
public interface Preflight {

    /**
     * Checks that the service answers as configured; refuses with an {@link
     * IllegalArgumentException} naming the section's key and what was found. {@code environment}
     * reads environment variables (the key's variable).
     */
    void preflight(Function<String, String> environment);
}
