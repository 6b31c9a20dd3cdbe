package org.rlanything.remote;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a remote environment server listens and how patiently the client talks to it.
 *
 * @param base the server's base address ({@code http://host:port/}); a {@code user:password@} in it
 *     is sent as HTTP basic authentication and never shown in a message
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
                    "A remote environment's address must be http or https, got "
                            + shown(base)
                            + ".");
        }
        if (base.getHost() == null) {
            throw new org.rlanything.core.BadInputException(
                    "A remote environment's address names no host: " + shown(base) + ".");
        }
        if (retries < 0) {
            throw new org.rlanything.core.BadInputException(
                    "retries must be >= 0, got " + retries + ".");
        }
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new org.rlanything.core.BadInputException("requestTimeout must be positive.");
        }
    }

    /** The address requests go to: {@code base} without its user and password. */
    public URI address() {
        return withoutUser(base);
    }

    /** The {@code Authorization} header of a {@code user:password@} in {@code base}, if any. */
    public Optional<String> authorization() {
        String user = base.getUserInfo();
        return user == null
                ? Optional.empty()
                : Optional.of(
                        "Basic "
                                + Base64.getEncoder()
                                        .encodeToString(user.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code uri} as a message may show it: without a user and password. */
    public static String shown(URI uri) {
        return withoutUser(uri).toString();
    }

    /**
     * {@code text} as a message may show it: a {@code user:password@} after {@code ://} hidden (for
     * an address that is not a URI, which a message still names).
     */
    public static String shown(String text) {
        return text.replaceAll("(://)[^/@\\s]*@", "$1***@");
    }

    private static URI withoutUser(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri;
        }
        try {
            return new URI(
                    uri.getScheme(),
                    null,
                    uri.getHost(),
                    uri.getPort(),
                    uri.getPath(),
                    uri.getQuery(),
                    uri.getFragment());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("A parsed address could not be rebuilt: " + e, e);
        }
    }

    /** {@code base} with 5 s to connect, 120 s per request, 3 retries from 0.5 s. */
    public static RemoteSettings of(URI base) {
        return new RemoteSettings(
                base, Duration.ofSeconds(5), Duration.ofSeconds(120), 3, Duration.ofMillis(500));
    }
}
