package org.rlanything.gui;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * Serves MiniWoB++ task pages to the browsers over HTTP on the loopback interface, each page's
 * folder under a prefix of its own, and nothing else.
 *
 * <p>Why: opened as {@code file:} pages with {@code --allow-file-access-from-files} (which core.js
 * needs nowhere), a page could read any file of the host ({@code fetch('file:///etc/passwd')}) and
 * show it as its instruction, from where it reached prompts and {@code trajectories.jsonl}. A page
 * served from {@code http://127.0.0.1} may not load {@code file:} addresses at all (Chromium's rule
 * for web origins), and this server answers only for files inside the page's own MiniWoB++ folder:
 * the nearest folder above the page that holds {@code core/core.js} (the benchmark's pages load
 * {@code ../core/} and {@code ../common/}), else the page's own folder. A path that leaves it
 * ({@code ..}, encoded or not, or a symbolic link pointing out) is answered 404.
 *
 * <p>The task keeps its {@code file:} address (in records, checkpoints and messages); only the
 * browser sees the served one.
 */
final class PageServer {

    private static PageServer shared;

    private final HttpServer server;
    private final Map<Path, String> prefixes = new ConcurrentHashMap<>();
    private final Map<String, Path> roots = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger folders =
            new java.util.concurrent.atomic.AtomicInteger();

    private PageServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(
                Executors.newFixedThreadPool(
                        4,
                        r -> {
                            Thread t = new Thread(r, "miniwob-page-server");
                            t.setDaemon(true);
                            return t;
                        }));
        server.start();
    }

    /** The one server of this process, started on first use. */
    static synchronized PageServer shared() {
        if (shared == null) {
            try {
                shared = new PageServer();
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot serve the task pages on loopback", e);
            }
        }
        return shared;
    }

    /** The address the browser opens for {@code page}: a served one for a {@code file:} page. */
    URI address(URI page) {
        if (!"file".equals(page.getScheme())) {
            return page;
        }
        Path file = Path.of(page);
        Path root;
        try {
            root = folderOf(file).toRealPath();
            file = file.toRealPath();
        } catch (IOException e) {
            return page; // opening it fails, naming the page
        }
        String prefix =
                prefixes.computeIfAbsent(
                        root,
                        r -> {
                            String p = "/p" + folders.getAndIncrement();
                            roots.put(p, r);
                            return p;
                        });
        try {
            return new URI(
                    "http",
                    null,
                    server.getAddress().getAddress().getHostAddress(),
                    server.getAddress().getPort(),
                    prefix + "/" + root.relativize(file).toString().replace('\\', '/'),
                    null,
                    null);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("Cannot address " + file, e);
        }
    }

    /** The nearest folder above {@code page} holding {@code core/core.js}, else its own folder. */
    static Path folderOf(Path page) {
        Path own = page.toAbsolutePath().normalize().getParent();
        for (Path dir = own; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("core").resolve("core.js"))) {
                return dir;
            }
        }
        return own;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Path file = fileOf(exchange.getRequestURI().getPath());
            if (file == null || !"GET".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = Files.readAllBytes(file);
            exchange.getResponseHeaders().set("Content-Type", type(file));
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    /** The served file a request path names, or null when it names none inside its folder. */
    Path fileOf(String path) {
        if (path == null || path.indexOf('\0') >= 0 || !path.startsWith("/p")) {
            return null;
        }
        int slash = path.indexOf('/', 1);
        Path root = slash < 0 ? null : roots.get(path.substring(0, slash));
        if (root == null) {
            return null;
        }
        try {
            Path file = root.resolve(path.substring(slash + 1)).normalize();
            if (!file.startsWith(root)) {
                return null;
            }
            Path real = file.toRealPath();
            return real.startsWith(root) && Files.isRegularFile(real) ? real : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String type(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String extension = name.substring(name.lastIndexOf('.') + 1);
        return switch (extension) {
            case "html", "htm" -> "text/html; charset=utf-8";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "json" -> "application/json";
            case "png" -> "image/png";
            case "jpg", "jpeg" -> "image/jpeg";
            case "gif" -> "image/gif";
            case "svg" -> "image/svg+xml";
            default -> "application/octet-stream";
        };
    }
}
