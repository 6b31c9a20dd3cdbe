package org.rlanything.run.review;

import com.sun.net.httpserver.Headers;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Who may use the review server. Three checks, as Jupyter makes them:
 *
 * <ul>
 *   <li>{@code Host} names this server: a loopback name ({@code localhost}, {@code 127.0.0.1},
 *       {@code [::1]}) on any port, so that an SSH forward ({@code ssh -L 8888:localhost:8765})
 *       works whatever its local port; the address it listens on; on all interfaces ({@code
 *       0.0.0.0}), the machine's own names and addresses; and every {@code --allow-host} name. A
 *       page of another site that rebinds its DNS name to this machine sends its own name and is
 *       refused. The port is not compared: a forward changes it, and rebinding is about names.
 *   <li>{@code Origin}, when sent, is the page's own ({@code http://} + the {@code Host} asked):
 *       another site's page, or another local server's, is refused.
 *   <li>Every API call, read or write, carries the session's token ({@code X-Review-Token}), which
 *       the command prints on start as part of the address: another user of the machine, who can
 *       reach the port but not the run folder, reads nothing. The page and its static files hold no
 *       run data and are served without it.
 * </ul>
 *
 * <p>The token comes from {@link SecureRandom}, not from the run seed: it is a secret, not a choice
 * of the run, and must not be predictable from the run's files.
 */
final class RequestGuard {

    static final String TOKEN_HEADER = "X-Review-Token";

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", bracketed("::1"));

    private final String token;
    private final Set<String> hosts;

    /**
     * @param bindHost the address the server listens on
     * @param allowed more host names (or addresses) a browser may use ({@code --allow-host})
     */
    RequestGuard(String bindHost, List<String> allowed) {
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        this.token = HexFormat.of().formatHex(secret);
        Set<String> names = new LinkedHashSet<>(LOOPBACK);
        names.add(bracketed(bindHost));
        if (isWildcard(bindHost)) {
            names.addAll(machineNames());
        }
        for (String name : allowed) {
            names.add(bracketed(name));
        }
        this.hosts = Set.copyOf(names);
    }

    String token() {
        return token;
    }

    /** The host names a request may name, lower case (IPv6 addresses in brackets). */
    Set<String> hosts() {
        return hosts;
    }

    /** Whether {@code host} is 0.0.0.0 or :: (every interface). */
    static boolean isWildcard(String host) {
        try {
            return InetAddress.getByName(host).isAnyLocalAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /**
     * A name as it appears in a Host header, in one form: lower case, an IPv6 address in brackets
     * and written out in full ({@code [::1]} and {@code [0:0:0:0:0:0:0:1]} are one address).
     */
    static String bracketed(String name) {
        String lower = name.strip().toLowerCase(Locale.ROOT);
        String bare =
                lower.startsWith("[") && lower.endsWith("]")
                        ? lower.substring(1, lower.length() - 1)
                        : lower;
        if (!bare.contains(":")) {
            return lower;
        }
        int zone = bare.indexOf('%'); // fe80::1%eth0: the zone is not part of a Host
        String address = zone < 0 ? bare : bare.substring(0, zone);
        if (address.matches("[0-9a-f:.]+")) {
            try {
                // an address literal: parsed, never looked up
                address = InetAddress.getByName(address).getHostAddress();
            } catch (java.net.UnknownHostException e) {
                // not an address after all: kept as written
            }
        }
        return "[" + address + "]";
    }

    /** This machine's host name (short and full) and the addresses of its interfaces. */
    static Set<String> machineNames() {
        Set<String> names = new LinkedHashSet<>();
        try {
            InetAddress local = InetAddress.getLocalHost();
            names.add(bracketed(local.getHostName()));
            names.add(bracketed(local.getCanonicalHostName()));
            names.add(bracketed(local.getHostAddress()));
        } catch (java.net.UnknownHostException e) {
            // a machine without a resolvable name: its interface addresses below still work
        }
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    names.add(bracketed(address.getHostAddress()));
                }
            }
        } catch (SocketException e) {
            // no interface list: the host name above still works
        }
        return names;
    }

    /**
     * The host part of a {@code Host} header value ({@code name:port}, {@code [v6]:port}, {@code
     * name}), lower case; null when it cannot be read.
     */
    static String hostPart(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            URI uri = new URI("http://" + header.strip() + "/");
            return uri.getHost() == null ? null : bracketed(uri.getHost());
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** Null when a request for the page may go ahead, else the one-line reason (HTTP 403). */
    String refusePage(Headers headers) {
        String host = headers.getFirst("Host");
        String name = hostPart(host);
        if (name == null || !hosts.contains(name)) {
            return "refused: the Host header ("
                    + host
                    + ") does not name this review server; open the address the command printed,"
                    + " or start it with --allow-host NAME for the name you use.";
        }
        String origin = headers.getFirst("Origin");
        if (origin != null && !origin.equalsIgnoreCase("http://" + host.strip())) {
            return "refused: a request from another origin (" + origin + ").";
        }
        return null;
    }

    /**
     * Null when an API call (read or write) may go ahead, else the one-line reason it is refused
     * (HTTP 403).
     */
    String refuseApi(Headers headers) {
        String page = refusePage(headers);
        if (page != null) {
            return page;
        }
        String given = headers.getFirst(TOKEN_HEADER);
        if (given == null
                || !MessageDigest.isEqual(
                        given.getBytes(StandardCharsets.UTF_8),
                        token.getBytes(StandardCharsets.UTF_8))) {
            return "refused: the API needs the session token that rlanything review printed on"
                    + " start (open the printed address, which carries it).";
        }
        return null;
    }
}
