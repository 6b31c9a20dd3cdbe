package org.rlanything.cli.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.cli.run.Corrections;
import org.rlanything.cli.run.RunFolder;
import org.rlanything.cli.run.RunOverview;

/**
 * {@code rlanything review}'s web app: a local HTTP server (the JDK's own) over one run folder,
 * serving the page, its script and style and Chart.js from the jar (no network needed), and a small
 * JSON API. Every request re-reads the run's logs, so the pages follow a run that is still
 * training.
 *
 * <pre>
 * GET  /                      the page (Overview, Trajectories, Corrections)
 * GET  /static/...            review.js, review.css, chart.js
 * GET  /api/overview          {"html": headline table, "charts": [...]}
 * GET  /api/trajectories      ?iteration=&amp;task=&amp;outcome=&amp;role=&amp;mark= (see TrajectoryView)
 * GET  /api/corrections       the corrections in force
 * POST /api/corrections       {"iteration","slot","task","step","verdict":1|-1,"note"} or {...,"undo":true};
 *                             needs the X-Review-Token header
 * </pre>
 */
public final class ReviewServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CHART_JS =
            "META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";
    private static final int MAX_BODY = 64 * 1024;
    private static final int MAX_NOTE = 2000;

    private final RunFolder folder;
    private final HttpServer server;
    private final RequestGuard guard;
    private final String host;

    private ReviewServer(RunFolder folder, HttpServer server, String host) {
        this.folder = folder;
        this.server = server;
        this.host = host;
        this.guard = new RequestGuard(host, server.getAddress().getPort());
    }

    /**
     * Checks the run folder (its corrections file must read cleanly) and starts serving it on
     * {@code host:port} ({@code port} 0: any free port). A port in use is an {@link
     * IllegalArgumentException} (exit 2) naming it.
     */
    public static ReviewServer start(RunFolder folder, String host, int port) throws IOException {
        if (!Files.isDirectory(folder.root())
                || !(Files.isRegularFile(folder.config())
                        || Files.isRegularFile(folder.metrics().file()))) {
            throw new org.rlanything.core.BadInputException(
                    folder.root()
                            + " is not a run folder: it has no config.yaml and no metrics.jsonl (give"
                            + " the trainer.run_dir of a run).");
        }
        folder.corrections().inForce(folder.trajectories().read(TrajectoryShape::problem));
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new org.rlanything.core.BadInputException(
                    "--host '"
                            + host
                            + "' is neither an address nor a host name this machine knows"
                            + " (the default, 127.0.0.1, serves this machine alone).");
        }
        HttpServer server;
        try {
            server = HttpServer.create(address, 0);
        } catch (BindException e) {
            throw new org.rlanything.core.BadInputException(
                    "Cannot serve on "
                            + host
                            + ":"
                            + port
                            + ": the port is in use (or not allowed); choose another with --port.");
        } catch (IOException | IllegalArgumentException e) {
            throw new org.rlanything.core.BadInputException(
                    "Cannot serve on "
                            + host
                            + ":"
                            + port
                            + " ("
                            + org.rlanything.cli.run.IoErrors.describe(e)
                            + "): give --host an address of this machine.",
                    e);
        }
        ReviewServer review = new ReviewServer(folder, server, host);
        server.createContext("/", review::handle);
        server.start();
        return review;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String token() {
        return guard.token();
    }

    /** The address to open, with the token. */
    public String url() {
        String shown = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + shown + ":" + port() + "/?token=" + token();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            boolean write = !method.equals("GET") && !method.equals("HEAD");
            String refused =
                    write
                            ? guard.refuseWrite(exchange.getRequestHeaders())
                            : guard.refuseRead(exchange.getRequestHeaders());
            if (refused != null) {
                error(exchange, 403, refused);
                return;
            }
            try {
                route(exchange, method, path);
            } catch (IllegalArgumentException e) {
                error(exchange, 400, oneLine(e.getMessage()));
            } catch (IOException | RuntimeException e) {
                error(exchange, 500, "internal error: " + oneLine(String.valueOf(e.getMessage())));
            }
        }
    }

    private void route(HttpExchange exchange, String method, String path) throws IOException {
        switch (path) {
            case "/", "/index.html" -> resource(exchange, "index.html", "text/html");
            case "/static/review.js" -> resource(exchange, "review.js", "text/javascript");
            case "/static/review.css" -> resource(exchange, "review.css", "text/css");
            case "/static/chart.js" -> chartJs(exchange);
            case "/api/overview" -> json(exchange, overview());
            case "/api/trajectories" -> json(exchange, trajectories(query(exchange)));
            case "/api/corrections" -> {
                if (method.equals("POST")) {
                    json(exchange, correct(exchange));
                } else {
                    json(exchange, corrections());
                }
            }
            default -> error(exchange, 404, "no such page: " + path);
        }
    }

    private ObjectNode overview() throws IOException {
        List<JsonNode> metrics = folder.metrics().read();
        ObjectNode out = JSON.createObjectNode();
        out.put("run", folder.root().toString());
        out.put("html", RunOverview.html(metrics));
        out.set("charts", RunOverview.charts(metrics));
        return out;
    }

    private ObjectNode trajectories(Map<String, String> query) throws IOException {
        List<JsonNode> trajectories = folder.trajectories().read(TrajectoryShape::problem);
        Integer iteration = null;
        if (query.containsKey("iteration") && !query.get("iteration").isBlank()) {
            try {
                iteration = Integer.parseInt(query.get("iteration").strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "iteration must be a whole number, not \""
                                + query.get("iteration")
                                + "\".");
            }
        }
        return TrajectoryView.of(
                trajectories,
                folder.corrections().inForce(trajectories),
                new TrajectoryView.Filter(
                        iteration,
                        query.get("task"),
                        query.get("outcome"),
                        query.get("role"),
                        query.get("mark")));
    }

    private ObjectNode corrections() throws IOException {
        List<JsonNode> trajectories = folder.trajectories().read(TrajectoryShape::problem);
        ObjectNode out = JSON.createObjectNode();
        out.put("file", folder.corrections().file().toString());
        var list = out.putArray("corrections");
        folder.corrections().inForce(trajectories).values().forEach(c -> list.add(c.toJson()));
        return out;
    }

    private ObjectNode correct(HttpExchange exchange) throws IOException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type == null
                || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new IllegalArgumentException("a correction is sent as application/json.");
        }
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readNBytes(MAX_BODY + 1);
        }
        if (body.length > MAX_BODY) {
            throw new IllegalArgumentException(
                    "the request is larger than " + MAX_BODY + " bytes.");
        }
        JsonNode request;
        try {
            request = JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("the request is not JSON.");
        }
        if (request == null || !request.isObject()) {
            throw new IllegalArgumentException("the request is not a JSON object.");
        }
        for (String key : List.of("iteration", "slot", "step")) {
            if (!request.path(key).canConvertToExactIntegral()) {
                throw new IllegalArgumentException("the request needs an integer \"" + key + "\".");
            }
        }
        if (!request.path("task").isTextual()) {
            throw new IllegalArgumentException("the request needs the step's \"task\" id.");
        }
        Corrections.StepKey step =
                new Corrections.StepKey(
                        request.get("iteration").asInt(),
                        request.get("slot").asInt(),
                        request.get("step").asInt());
        String task = request.get("task").asText();
        Corrections.Correction correction;
        if (request.path("undo").asBoolean(false)) {
            correction = Corrections.Correction.undo(step, task);
        } else {
            int verdict = request.path("verdict").asInt(0);
            if (!request.path("verdict").canConvertToExactIntegral()
                    || (verdict != 1 && verdict != -1)) {
                throw new IllegalArgumentException(
                        "\"verdict\" must be 1 or -1 (or send \"undo\": true).");
            }
            String note = request.path("note").asText("");
            if (note.length() > MAX_NOTE) {
                throw new IllegalArgumentException(
                        "the note is longer than " + MAX_NOTE + " characters.");
            }
            correction = Corrections.Correction.set(step, task, verdict, note);
        }
        Map<Corrections.StepKey, Corrections.Correction> inForce =
                folder.corrections()
                        .append(correction, folder.trajectories().read(TrajectoryShape::problem));
        ObjectNode out = JSON.createObjectNode();
        out.put("ok", true);
        out.put("corrections", inForce.size());
        Corrections.Correction now = inForce.get(step);
        if (now != null) {
            out.set("correction", now.toJson());
        }
        return out;
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> out = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            out.put(
                    URLDecoder.decode(key, StandardCharsets.UTF_8),
                    URLDecoder.decode(value, StandardCharsets.UTF_8));
        }
        return out;
    }

    private static void resource(HttpExchange exchange, String name, String type)
            throws IOException {
        try (InputStream in = ReviewServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the jar lacks its review page resource " + name);
            }
            send(exchange, 200, type, in.readAllBytes());
        }
    }

    private static void chartJs(HttpExchange exchange) throws IOException {
        try (InputStream in = ReviewServer.class.getClassLoader().getResourceAsStream(CHART_JS)) {
            if (in == null) {
                throw new IOException("Chart.js is missing from the classpath (" + CHART_JS + ").");
            }
            send(exchange, 200, "text/javascript", in.readAllBytes());
        }
    }

    private static void json(HttpExchange exchange, JsonNode body) throws IOException {
        send(exchange, 200, "application/json", JSON.writeValueAsBytes(body));
    }

    private static void error(HttpExchange exchange, int status, String message)
            throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.put("error", message);
        send(exchange, status, "application/json", JSON.writeValueAsBytes(body));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body)
            throws IOException {
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", type + "; charset=utf-8");
        headers.set("Cache-Control", "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        headers.set(
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static String oneLine(String message) {
        return message == null ? "(no message)" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
