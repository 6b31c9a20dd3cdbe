package org.rlanything.remote;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where a remote environment server listens and how patiently the client talks to it.
 *
 * @param base the server's base address ({@code http://host:port/})
 * @param connectTimeout how long opening a connection may take
 * @param requestTimeout how long one request may take until its answer (a step of a slow desktop
 *     application included)
 * @param retries how many times a request is sent again after a timeout, a lost connection or a 5xx
 *     answer (4xx answers are the caller's error and are never retried)
 * @param backoff the wait before the first retry; doubled before each further one
 */
public record RemoteSettings(
        URI base, Duration connectTimeout, Duration requestTimeout, int retries, Duration backoff) {

    public RemoteSettings {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(backoff, "backoff");
        if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme())) {
            throw new org.rlanything.core.BadInputException(
                    "A remote environment's address must be http or https, got " + base + ".");
        }
        if (retries < 0) {
            throw new org.rlanything.core.BadInputException(
                    "retries must be >= 0, got " + retries + ".");
        }
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new org.rlanything.core.BadInputException("requestTimeout must be positive.");
        }
    }

    /** {@code base} with 5 s to connect, 120 s per request, 3 retries from 0.5 s. */
    public static RemoteSettings of(URI base) {
        return new RemoteSettings(
                base, Duration.ofSeconds(5), Duration.ofSeconds(120), 3, Duration.ofMillis(500));
    }
}
