package org.rlanything.cli.review;

import com.sun.net.httpserver.Headers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * Who may use the review server: requests must name this server in {@code Host} (a page of another
 * site that rebinds its DNS name to 127.0.0.1 is refused), an {@code Origin}, when sent, must be
 * this server's own, and every write must carry the session's token ({@code X-Review-Token}), which
 * the command prints on start as Jupyter does.
 *
 * <p>The token comes from {@link SecureRandom}, not from the run seed: it is a secret, not a choice
 * of the run, and must not be predictable from the run's files.
 */
final class RequestGuard {

    static final String TOKEN_HEADER = "X-Review-Token";

    private final String token;
    private final Set<String> hosts;

    RequestGuard(String bindHost, int port) {
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        this.token = HexFormat.of().formatHex(secret);
        String bound = bindHost.toLowerCase(Locale.ROOT);
        this.hosts =
                Set.copyOf(
                        java.util.List.of(
                                "127.0.0.1:" + port,
                                "localhost:" + port,
                                "[::1]:" + port,
                                (bound.contains(":") ? "[" + bound + "]" : bound) + ":" + port));
    }

    String token() {
        return token;
    }

    /** Null when a read may go ahead, else the one-line reason it is refused (HTTP 403). */
    String refuseRead(Headers headers) {
        String host = headers.getFirst("Host");
        if (host == null || !hosts.contains(host.toLowerCase(Locale.ROOT))) {
            return "refused: the Host header ("
                    + host
                    + ") does not name this review server; open the address the command printed.";
        }
        String origin = headers.getFirst("Origin");
        if (origin != null
                && !(origin.toLowerCase(Locale.ROOT).startsWith("http://")
                        && hosts.contains(
                                origin.substring("http://".length()).toLowerCase(Locale.ROOT)))) {
            return "refused: a request from another origin (" + origin + ").";
        }
        return null;
    }

    /** Null when a write may go ahead, else the one-line reason it is refused (HTTP 403). */
    String refuseWrite(Headers headers) {
        String read = refuseRead(headers);
        if (read != null) {
            return read;
        }
        String given = headers.getFirst(TOKEN_HEADER);
        if (given == null
                || !MessageDigest.isEqual(
                        given.getBytes(StandardCharsets.UTF_8),
                        token.getBytes(StandardCharsets.UTF_8))) {
            return "refused: this write needs the session token that rlanything review printed on"
                    + " start (open the printed address, which carries it).";
        }
        return null;
    }
}
