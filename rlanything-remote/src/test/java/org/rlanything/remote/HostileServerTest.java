package org.rlanything.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.config.InvalidValueException;

/**
 * Issue 44, cases 1, 8, 11 and 16 at the protocol's client, against a loopback server that
 * misbehaves on purpose: a request with its retries ends within {@code timeout * (retries + 1)}
 * however the server stalls (after its headers, or dripping its body, on any call, {@code /rewrite}
 * included); a body is read up to {@link RemoteClient#MAX_BODY_BYTES} and not retried; redirects
 * and 204 are named and not retried; a {@code user:password@} is sent as basic authentication and
 * never shown; answers of the wrong shape (numbers as commands, a command twice, a blank one, a
 * reward that is text, a task id twice) are refused naming the field.
 */
@Timeout(60)
class HostileServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HttpServer server;
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private final Map<String, String> authorization = new ConcurrentHashMap<>();

    /** What a path answers. */
    @FunctionalInterface
    private interface Answer {
        void send(HttpExchange exchange) throws IOException, InterruptedException;
    }

    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext(
                "/",
                exchange -> {
                    String path = exchange.getRequestURI().getPath();
                    requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                    String auth = exchange.getRequestHeaders().getFirst("Authorization");
                    if (auth != null) {
                        authorization.put(path, auth);
                    }
                    exchange.getRequestBody().readAllBytes();
                    try {
                        answers.getOrDefault(path, e -> json(e, 404, "{\"error\": \"no\"}"))
                                .send(exchange);
                    } catch (InterruptedException | IOException e) {
                        // the client went away, or the server stops
                    } finally {
                        exchange.close();
                    }
                });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    private URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    private RemoteServer protocol(URI base, long timeoutMillis, int retries) {
        return new RemoteServer(
                new RemoteClient(
                        new RemoteSettings(
                                base,
                                Duration.ofSeconds(2),
                                Duration.ofMillis(timeoutMillis),
                                retries,
                                Duration.ofMillis(100))));
    }

    private static void json(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }

    /** Headers announcing {@code body}, then one byte every {@code every} ms (0: nothing, ever). */
    private static Answer drip(String body, long every) {
        return exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            OutputStream out = exchange.getResponseBody();
            out.flush();
            if (every == 0) {
                Thread.sleep(120_000);
            }
            for (byte b : bytes) {
                out.write(b);
                out.flush();
                Thread.sleep(every);
            }
        };
    }

    private static final String INFO = "{\"name\": \"x\", \"protocol\": 1}";
    private static final String TASK = "{\"id\": \"t1\"}";

    /**
     * Runs {@code call}, which must fail; returns the message and asserts it took under {@code
     * seconds}.
     */
    private static String failsWithin(
            double seconds, org.junit.jupiter.api.function.Executable call) {
        long start = System.nanoTime();
        RemoteEnvironmentException e = assertThrows(RemoteEnvironmentException.class, call);
        double took = (System.nanoTime() - start) / 1e9;
        System.out.printf("TIMING %.2f s: %s%n", took, e.getMessage());
        assertTrue(took < seconds, "took " + took + " s: " + e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void aServerThatStallsAfterItsHeadersOrDripsItsBodyIsCutAtTheDeadline() {
        answers.put("/info", drip(INFO, 0));
        // 1 s per try, 1 retry: 2 s in all, the wait between tries included
        String stalled = failsWithin(2 + 1.5, () -> protocol(base(), 1000, 1).info());
        assertTrue(stalled.contains("failed after 2 attempts within 2 s"), stalled);
        assertTrue(stalled.contains("no whole answer"), stalled);
        assertEquals(2, requests.get("/info").get());

        String body = "{\"task\": " + TASK + ", \"pad\": \"" + "x".repeat(400) + "\"}";
        answers.put("/rewrite", drip(body, 250));
        JsonTask task = JsonTask.of(json(TASK));
        String dripped =
                failsWithin(
                        2 + 1.5,
                        () ->
                                protocol(base(), 1000, 1)
                                        .rewrite(task, task, RewriteGoal.HARDER, 0.5, "", 1));
        assertTrue(dripped.contains("/rewrite failed after 2 attempts"), dripped);

        // a larger budget: 4 tries of 0.5 s
        answers.put("/step", drip("{}", 0));
        failsWithin(2 + 1.5, () -> protocol(base(), 500, 3).step("e", 0, "go"));
    }

    @Test
    void aBodyPastTheLimitIsCutAndNotRetried() {
        answers.put(
                "/info",
                exchange -> {
                    exchange.sendResponseHeaders(200, 0); // chunked: no length announced
                    OutputStream out = exchange.getResponseBody();
                    out.write("{\"name\": \"".getBytes(StandardCharsets.UTF_8));
                    byte[] chunk = new byte[1 << 20];
                    java.util.Arrays.fill(chunk, (byte) 'x');
                    for (int i = 0; i < 100; i++) {
                        out.write(chunk);
                    }
                });
        String cut = failsWithin(20, () -> protocol(base(), 30_000, 2).info());
        assertTrue(cut.contains("larger than the 64 MiB an answer may have"), cut);
        assertEquals(1, requests.get("/info").get(), "not retried");

        answers.put(
                "/tasks",
                exchange -> {
                    exchange.sendResponseHeaders(200, 1_500_000_000L);
                    exchange.getResponseBody().write('{');
                });
        String announced = failsWithin(5, () -> protocol(base(), 30_000, 2).tasks("train", 1, 1));
        assertTrue(announced.contains("larger than the 64 MiB"), announced);
        assertEquals(1, requests.get("/tasks").get(), "not retried");
    }

    @Test
    void redirectsAndEmptyAnswersAreNamedAndNotRetried() {
        answers.put(
                "/info",
                exchange -> {
                    exchange.getResponseHeaders().set("Location", "http://elsewhere:1/info");
                    exchange.sendResponseHeaders(302, -1);
                });
        String redirect = failsWithin(5, () -> protocol(base(), 2000, 2).info());
        assertTrue(
                redirect.contains("answered HTTP 302 (a redirect to http://elsewhere:1/info)"),
                redirect);
        assertEquals(1, requests.get("/info").get());
        answers.put("/tasks", exchange -> exchange.sendResponseHeaders(204, -1));
        String empty = failsWithin(5, () -> protocol(base(), 2000, 2).tasks("train", 1, 1));
        assertTrue(empty.contains("answered HTTP 204 with no body"), empty);
        assertEquals(1, requests.get("/tasks").get());
    }

    @Test
    void aUserAndPasswordInTheAddressAreSentAndNeverShown() {
        answers.put("/info", exchange -> json(exchange, 503, "{\"error\": \"busy\"}"));
        URI secret =
                URI.create("http://alice:s3cret@127.0.0.1:" + server.getAddress().getPort() + "/");
        String message = failsWithin(5, () -> protocol(secret, 1000, 1).info());
        assertFalse(message.contains("s3cret") || message.contains("alice"), message);
        assertTrue(message.contains("HTTP 503: busy"), message);
        assertEquals(
                "Basic "
                        + java.util.Base64.getEncoder()
                                .encodeToString("alice:s3cret".getBytes(StandardCharsets.UTF_8)),
                authorization.get("/info"));
        for (String url :
                List.of(
                        "http://alice:s3cret@[::1",
                        "ftp://alice:s3cret@host/",
                        "http://alice:s3cret@/")) {
            InvalidValueException bad =
                    assertThrows(
                            InvalidValueException.class,
                            () ->
                                    new RemoteEnvironmentConfig(
                                            url, null, null, null, null, null, null, null, null));
            assertFalse(bad.getMessage().contains("s3cret"), bad.getMessage());
            assertTrue(bad.getMessage().contains("url"), bad.getMessage());
        }
    }

    @Test
    void answersOfTheWrongShapeAreRefusedNamingTheField() {
        Map<String, String> wrong =
                Map.of(
                        "\"actions\": [1, 2, 3]", "observation.actions",
                        "\"actions\": [\"go\", \"go\"]", "observation.actions",
                        "\"actions\": [\"go\", \" \"]", "observation.actions");
        for (var e : wrong.entrySet()) {
            answers.put(
                    "/step",
                    exchange ->
                            json(
                                    exchange,
                                    200,
                                    "{\"observation\": {\"text\": \"t\", "
                                            + e.getKey()
                                            + "}, \"done\": false}"));
            String message = failsWithin(5, () -> protocol(base(), 2000, 0).step("e", 0, "go"));
            assertTrue(message.contains("bad \"" + e.getValue() + "\""), message);
        }
        answers.put(
                "/step",
                exchange ->
                        json(
                                exchange,
                                200,
                                "{\"observation\": {\"text\": \"t\"}, \"done\": true, \"reward\":"
                                        + " \"lots\"}"));
        String reward = failsWithin(5, () -> protocol(base(), 2000, 0).step("e", 0, "go"));
        assertTrue(reward.contains("bad \"reward\" (expected a finite number"), reward);
        answers.put(
                "/tasks",
                exchange -> json(exchange, 200, "{\"tasks\": [" + TASK + ", " + TASK + "]}"));
        String twice = failsWithin(5, () -> protocol(base(), 2000, 0).tasks("train", 2, 1));
        assertTrue(twice.contains("the id \"t1\" twice"), twice);
    }

    private static com.fasterxml.jackson.databind.JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
