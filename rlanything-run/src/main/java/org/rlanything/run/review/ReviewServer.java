package org.rlanything.run.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.rlanything.core.BadInputException;
import org.rlanything.run.Corrections;
import org.rlanything.run.RunFolder;
import org.rlanything.run.RunOverview;

/**
 * {@code rlanything review}'s web app: a local HTTP server (the JDK's own) over one run folder or
 * several, serving the page, its script and style, the chart drawing and Chart.js from the jar (no
 * network needed), and a small JSON API. Every request re-reads the runs' logs, so the pages follow
 * runs that are still training.
 *
 * <pre>
 * GET  /                      the page (Overview, Trajectories, Corrections)
 * GET  /static/...            review.js, review.css, charts.js, chart.js, favicon.svg
 * GET  /api/runs              the runs: id, name, folder
 * GET  /api/overview          ?runs=0,2 (the curves overlaid; default the first 5):
 *                             {"runs", "html": headline table, a column per run, "charts": [...]}
 * GET  /api/trajectories      ?run=ID|all&amp;iteration=N|all&amp;task=&amp;outcome=&amp;role=&amp;mark=&amp;sort=
 *                             (see TrajectoryView)
 * GET  /api/corrections       ?run=ID|all: every corrected step with where it stands
 * GET  /api/config            ?run=ID: the run's config.yaml
 * POST /api/corrections       {"run","iteration","slot","task","step","verdict":1|-1,"note"} or
 *                             {...,"undo":true}
 * </pre>
 *
 * <p>Every API call, read or write, needs the session's token ({@code X-Review-Token}); see {@link
 * RequestGuard} for the host and origin checks.
 *
 * <p>How a stalled client is kept from costing anything: requests are served by a pool of threads,
 * so one slow client never holds up another; the JDK's server closes a connection whose request
 * line and headers have not arrived within {@value #HEADER_SECONDS} s ({@code
 * sun.net.httpserver.maxReqTime}, set here when the JVM has not set it) and one whose response has
 * not been taken within {@value #RESPONSE_SECONDS} s ({@code sun.net.httpserver.maxRspTime}); a
 * request body not received within {@value #BODY_SECONDS} s is cut off by a watchdog that closes
 * the exchange. The body is read (at most {@value #MAX_BODY} bytes) before anything else, so no
 * request can leave the server waiting on a body it never reads.
 */
public final class ReviewServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CHART_JS =
            "META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";
    private static final int MAX_BODY = 64 * 1024;
    private static final int MAX_NOTE = 2000;
    private static final int THREADS = 32;

    /** Seconds a client has to send its request line and headers. */
    static final int HEADER_SECONDS = 10;

    /** Seconds a client has to send a request body. */
    static final int BODY_SECONDS = 10;

    /** Seconds a client has to take a response. */
    static final int RESPONSE_SECONDS = 120;

    static {
        // read once, when the JDK's server class is first used: the review server is the
        // command's only HTTP server, so it is set before that
        if (System.getProperty("sun.net.httpserver.maxReqTime") == null) {
            System.setProperty("sun.net.httpserver.maxReqTime", Integer.toString(HEADER_SECONDS));
        }
        if (System.getProperty("sun.net.httpserver.maxRspTime") == null) {
            System.setProperty("sun.net.httpserver.maxRspTime", Integer.toString(RESPONSE_SECONDS));
        }
    }

    private final List<ReviewRuns.Run> runs;
    private final HttpServer server;
    private final RequestGuard guard;
    private final String host;
    private final ExecutorService workers;
    private final ScheduledExecutorService watchdog;

    /** Where to listen and which host names a browser may use besides the loopback ones. */
    public record Options(String host, int port, List<String> allowHosts) {
        public Options {
            allowHosts = List.copyOf(allowHosts);
        }
    }

    private ReviewServer(
            List<ReviewRuns.Run> runs,
            HttpServer server,
            Options options,
            ExecutorService workers,
            ScheduledExecutorService watchdog) {
        this.runs = runs;
        this.server = server;
        this.host = options.host();
        this.guard = new RequestGuard(options.host(), options.allowHosts());
        this.workers = workers;
        this.watchdog = watchdog;
    }

    /** Serves one run folder on {@code host:port} ({@code port} 0: any free port). */
    public static ReviewServer start(RunFolder folder, String host, int port) throws IOException {
        if (!ReviewRuns.isRun(folder.root())) {
            throw new BadInputException(
                    folder.root()
                            + " is not a run folder: it has no config.yaml and no metrics.jsonl (give"
                            + " the trainer.run_dir of a run).");
        }
        return start(
                List.of(new ReviewRuns.Run(0, ReviewRuns.name(folder.root()), folder)),
                new Options(host, port, List.of()));
    }

    /**
     * Checks the runs (each corrections file must read cleanly) and starts serving them. A port in
     * use or an address that cannot be used is a {@link BadInputException} (exit 2) naming it.
     */
    public static ReviewServer start(List<ReviewRuns.Run> runs, Options options)
            throws IOException {
        if (runs.isEmpty()) {
            throw new BadInputException("No run to review.");
        }
        for (ReviewRuns.Run run : runs) {
            run.folder()
                    .corrections()
                    .state(run.folder().trajectories().read(TrajectoryShape::problem));
        }
        HttpServer server;
        try {
            server =
                    HttpServer.create(
                            new InetSocketAddress(
                                    InetAddress.getByName(options.host()), options.port()),
                            0);
        } catch (BindException e) {
            throw new BadInputException(
                    "Cannot serve on "
                            + options.host()
                            + ":"
                            + options.port()
                            + ": the port is in use (or not allowed); choose another with --port.");
        } catch (java.net.UnknownHostException e) {
            throw new BadInputException(
                    "--host '"
                            + options.host()
                            + "' is neither an address nor a host name this machine knows; give one"
                            + " of its addresses (127.0.0.1, the default, serves this machine alone;"
                            + " 0.0.0.0 all of its addresses).");
        } catch (IOException | IllegalArgumentException e) {
            throw new BadInputException(
                    "Cannot serve on "
                            + options.host()
                            + ":"
                            + options.port()
                            + " ("
                            + org.rlanything.run.IoErrors.describe(e)
                            + "): give --host an address of this machine.",
                    e);
        }
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor workers =
                new ThreadPoolExecutor(
                        THREADS,
                        THREADS,
                        30,
                        TimeUnit.SECONDS,
                        new LinkedBlockingQueue<>(),
                        r -> daemon(r, "review-" + count.incrementAndGet()));
        workers.allowCoreThreadTimeOut(true);
        ScheduledExecutorService watchdog =
                Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "review-watchdog"));
        ReviewServer review = new ReviewServer(runs, server, options, workers, watchdog);
        server.setExecutor(workers);
        server.createContext("/", review::handle);
        server.start();
        return review;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String token() {
        return guard.token();
    }

    /** The runs served. */
    public List<ReviewRuns.Run> runs() {
        return runs;
    }

    /**
     * The address to open, with the token: on 127.0.0.1 (or another loopback address) that address;
     * on all interfaces the machine's name; else the address listened on.
     */
    public String url() {
        String shown = RequestGuard.isWildcard(host) ? machineName() : RequestGuard.bracketed(host);
        return "http://" + shown + ":" + port() + "/?token=" + token();
    }

    /** The host names a browser may use (besides any port). */
    public List<String> allowedHosts() {
        return List.copyOf(guard.hosts());
    }

    private static String machineName() {
        try {
            return RequestGuard.bracketed(InetAddress.getLocalHost().getHostName());
        } catch (java.net.UnknownHostException e) {
            return "127.0.0.1";
        }
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
        watchdog.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = readBody(exchange);
            if (body == null) {
                return; // cut off: the connection is closed
            }
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            boolean api = path.startsWith("/api/");
            String refused =
                    api
                            ? guard.refuseApi(exchange.getRequestHeaders())
                            : guard.refusePage(exchange.getRequestHeaders());
            if (refused != null) {
                error(exchange, 403, refused);
                return;
            }
            if (!method.equals("GET")
                    && !method.equals("HEAD")
                    && !(method.equals("POST") && path.equals("/api/corrections"))) {
                error(exchange, 405, "method " + method + " is not allowed on " + path + ".");
                return;
            }
            try {
                route(exchange, method, path, body);
            } catch (IllegalArgumentException e) {
                error(exchange, 400, oneLine(e.getMessage()));
            } catch (IOException | RuntimeException e) {
                error(exchange, 500, "internal error: " + oneLine(String.valueOf(e.getMessage())));
            }
        }
    }

    /**
     * The request body, at most {@value #MAX_BODY} bytes (a longer one: empty body, the request
     * refused later as too large), read under a watchdog that closes the exchange after {@value
     * #BODY_SECONDS} s; null when it was cut off.
     */
    private byte[] readBody(HttpExchange exchange) throws IOException {
        ScheduledFuture<?> cutOff =
                watchdog.schedule(exchange::close, BODY_SECONDS, TimeUnit.SECONDS);
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            return body;
        } catch (IOException e) {
            if (cutOff.isDone()) {
                return null;
            }
            throw e;
        } finally {
            cutOff.cancel(false);
        }
    }

    private void route(HttpExchange exchange, String method, String path, byte[] body)
            throws IOException {
        switch (path) {
            case "/", "/index.html" -> resource(exchange, "index.html", "text/html");
            case "/static/review.js" -> resource(exchange, "review.js", "text/javascript");
            case "/static/review.css" -> resource(exchange, "review.css", "text/css");
            case "/static/favicon.svg", "/favicon.ico" ->
                    resource(exchange, "favicon.svg", "image/svg+xml");
            case "/static/charts.js" ->
                    send(
                            exchange,
                            200,
                            "text/javascript",
                            org.rlanything.run.HtmlCharts.drawingJs()
                                    .getBytes(StandardCharsets.UTF_8));
            case "/static/chart.js" -> chartJs(exchange);
            case "/api/runs" -> json(exchange, runList());
            case "/api/overview" -> json(exchange, overview(query(exchange)));
            case "/api/trajectories" -> json(exchange, trajectories(query(exchange)));
            case "/api/config" -> json(exchange, config(query(exchange)));
            case "/api/corrections" -> {
                if (method.equals("POST")) {
                    json(exchange, correct(exchange, body));
                } else {
                    json(exchange, corrections(query(exchange)));
                }
            }
            default -> error(exchange, 404, "no such page: " + path);
        }
    }

    private ObjectNode runList() {
        ObjectNode out = JSON.createObjectNode();
        ArrayNode list = out.putArray("runs");
        for (ReviewRuns.Run run : runs) {
            list.addObject()
                    .put("id", run.id())
                    .put("name", run.name())
                    .put("folder", run.folder().root().toString());
        }
        return out;
    }

    /** The run {@code text} names (its id); {@code what} names the parameter in a refusal. */
    private ReviewRuns.Run run(String text, String what) {
        if (text == null || text.isBlank()) {
            if (runs.size() == 1) {
                return runs.get(0);
            }
            throw new IllegalArgumentException(
                    what + " must name a run (0 to " + (runs.size() - 1) + ").");
        }
        int id = TrajectoryView.index(what, text);
        if (id >= runs.size()) {
            throw new IllegalArgumentException(
                    what
                            + " must be a run from 0 to "
                            + (runs.size() - 1)
                            + ", not "
                            + id
                            + " (see /api/runs).");
        }
        return runs.get(id);
    }

    /** The runs {@code run} names: one, or every run for "all" (and by default). */
    private List<ReviewRuns.Run> chosen(String run) {
        if (run == null || run.isBlank() || run.strip().equals("all")) {
            return runs;
        }
        return List.of(run(run, "run"));
    }

    private ObjectNode overview(Map<String, String> query) throws IOException {
        List<RunOverview.Named> all = new ArrayList<>();
        for (ReviewRuns.Run run : runs) {
            all.add(new RunOverview.Named(run.name(), run.folder().metrics().read()));
        }
        List<Integer> overlaid = new ArrayList<>();
        String asked = query.get("runs");
        if (asked != null && !asked.isBlank()) {
            for (String id : asked.split(",")) {
                int r = run(id, "runs").id();
                if (!overlaid.contains(r)) {
                    overlaid.add(r);
                }
            }
        } else {
            for (int r = 0; r < Math.min(runs.size(), RunOverview.MAX_SERIES); r++) {
                overlaid.add(r);
            }
        }
        ObjectNode out = JSON.createObjectNode();
        out.put(
                "run",
                runs.size() == 1 ? runs.get(0).folder().root().toString() : runs.size() + " runs");
        out.set("runs", runList().get("runs"));
        out.put(
                "html",
                runs.size() == 1 ? RunOverview.html(all.get(0).metrics()) : RunOverview.table(all));
        ArrayNode shown = out.putArray("overlaid");
        overlaid.forEach(shown::add);
        if (runs.size() == 1) {
            out.set("charts", RunOverview.charts(all.get(0).metrics()));
        } else {
            // each run keeps its colour (its id) whichever runs are overlaid
            List<RunOverview.Named> picked = new ArrayList<>();
            for (int r = 0; r < runs.size(); r++) {
                picked.add(
                        overlaid.contains(r)
                                ? all.get(r)
                                : new RunOverview.Named(all.get(r).name(), List.of()));
            }
            out.set("charts", RunOverview.compare(picked));
        }
        return out;
    }

    private ObjectNode trajectories(Map<String, String> query) throws IOException {
        TrajectoryView.Filter filter = TrajectoryView.Filter.of(query);
        List<TrajectoryView.RunData> data = new ArrayList<>();
        for (ReviewRuns.Run run : chosen(query.get("run"))) {
            List<JsonNode> trajectories =
                    run.folder().trajectories().read(TrajectoryShape::problem);
            data.add(
                    new TrajectoryView.RunData(
                            run,
                            trajectories,
                            run.folder().corrections().snapshot(trajectories).state()));
        }
        return TrajectoryView.of(data, filter);
    }

    private ObjectNode corrections(Map<String, String> query) throws IOException {
        ObjectNode out = JSON.createObjectNode();
        ArrayNode files = out.putArray("files");
        ArrayNode list = out.putArray("corrections");
        for (ReviewRuns.Run run : chosen(query.get("run"))) {
            files.add(run.folder().corrections().file().toString());
            List<JsonNode> trajectories =
                    run.folder().trajectories().read(TrajectoryShape::problem);
            for (Corrections.Status s :
                    run.folder().corrections().snapshot(trajectories).state().all()) {
                list.add(s.toJson().put("run", run.id()).put("run_name", run.name()));
            }
        }
        return out;
    }

    private ObjectNode config(Map<String, String> query) throws IOException {
        ReviewRuns.Run run = run(query.get("run"), "run");
        ObjectNode out = JSON.createObjectNode();
        out.put("run", run.id());
        out.put("file", run.folder().config().toString());
        out.put(
                "text",
                Files.isRegularFile(run.folder().config())
                        ? Files.readString(run.folder().config())
                        : "");
        return out;
    }

    private ObjectNode correct(HttpExchange exchange, byte[] body) throws IOException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type == null
                || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new IllegalArgumentException("a correction is sent as application/json.");
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
            if (!Corrections.isIndex(request.path(key))) {
                throw new IllegalArgumentException(
                        "the request needs \""
                                + key
                                + "\": a whole number from 0 to "
                                + Integer.MAX_VALUE
                                + ".");
            }
        }
        if (!request.path("task").isTextual()) {
            throw new IllegalArgumentException("the request needs the step's \"task\" id.");
        }
        JsonNode runField = request.get("run");
        if (runField != null && !Corrections.isIndex(runField)) {
            throw new IllegalArgumentException("\"run\" must be a run's id (see /api/runs).");
        }
        ReviewRuns.Run run = run(runField == null ? null : runField.asText(), "run");
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
            if (request.has("note") && !request.get("note").isTextual()) {
                throw new IllegalArgumentException("\"note\" must be text.");
            }
            String note = request.path("note").asText("");
            if (note.length() > MAX_NOTE) {
                throw new IllegalArgumentException(
                        "the note is longer than " + MAX_NOTE + " characters.");
            }
            correction = Corrections.Correction.set(step, task, verdict, note);
        }
        Map<Corrections.StepKey, Corrections.Correction> inForce =
                run.folder()
                        .corrections()
                        .append(
                                correction,
                                run.folder().trajectories().read(TrajectoryShape::problem));
        ObjectNode out = JSON.createObjectNode();
        out.put("ok", true);
        out.put("run", run.id());
        out.put("corrections", inForce.size());
        Corrections.Correction now = inForce.get(step);
        if (now != null) {
            out.set("correction", now.toJson());
        }
        return out;
    }

    /**
     * The query's parameters, decoded. Hand-written because the JDK's server hands the raw query
     * over unparsed and the split is two lines; {@link URLDecoder} does the decoding.
     */
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
            try {
                out.put(
                        URLDecoder.decode(key, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the query is not URL-encoded (" + pair + ").");
            }
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
        headers.set("Content-Type", type + (type.startsWith("image/") ? "" : "; charset=utf-8"));
        headers.set("Cache-Control", "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        headers.set("Referrer-Policy", "no-referrer");
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
