package org.rlanything.run.review;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.run.RunFolder;
import org.rlanything.testfixtures.ChildJvm;

/**
 * The review server over real sockets: a client that sends half a request (or half a body) and
 * holds the connection stalls no one else and is cut off; every API read needs the token; an SSH
 * forward's {@code Host: localhost:OTHERPORT} works, another name only with {@code --allow-host};
 * the address {@code rlanything review} prints (a real process) works when pasted; bad query values
 * are refused naming the parameter.
 */
class ReviewServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir static Path dir;

    private static Path run;

    @BeforeAll
    static void train() {
        run = ReviewBrowserTest.train(dir.resolve("run"));
    }

    @Test
    void aClientThatSendsHalfARequestStallsNoOneAndIsCutOff() throws Exception {
        Path corrections = run.resolve("corrections.jsonl");
        try (ReviewServer server = ReviewServer.start(new RunFolder(run), "127.0.0.1", 0);
                Socket halfHeaders = new Socket("127.0.0.1", server.port());
                Socket halfBody = new Socket("127.0.0.1", server.port())) {
            halfHeaders
                    .getOutputStream()
                    .write(
                            ("GET /api/overview HTTP/1.1\r\nHost: 127.0.0.1:"
                                            + server.port()
                                            + "\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
            halfHeaders.getOutputStream().flush();
            byte[] before = Files.exists(corrections) ? Files.readAllBytes(corrections) : null;
            halfBody.getOutputStream()
                    .write(
                            ("POST /api/corrections HTTP/1.1\r\nHost: 127.0.0.1:"
                                            + server.port()
                                            + "\r\n"
                                            + RequestGuard.TOKEN_HEADER
                                            + ": "
                                            + server.token()
                                            + "\r\nContent-Type: application/json\r\n"
                                            + "Content-Length: 200\r\n\r\n{\"iteration\": 1,")
                                    .getBytes(StandardCharsets.US_ASCII));
            halfBody.getOutputStream().flush();
            Thread.sleep(200); // both are being served (and stalled) now

            for (String path : List.of("/api/overview", "/api/trajectories", "/")) {
                long start = System.nanoTime();
                HttpResponse<String> answer = get(server.port(), path, server.token(), Map.of());
                double seconds = (System.nanoTime() - start) / 1e9;
                assertEquals(200, answer.statusCode(), answer.body());
                assertTrue(
                        seconds < 2,
                        path + " answered in " + seconds + " s beside two stalled clients");
            }

            // the stalled body is cut off by the watchdog; nothing is written
            halfBody.setSoTimeout((ReviewServer.BODY_SECONDS + 5) * 1000);
            long start = System.nanoTime();
            assertEquals(-1, halfBody.getInputStream().read(), "the connection is closed");
            double cut = (System.nanoTime() - start) / 1e9;
            assertTrue(cut < ReviewServer.BODY_SECONDS + 3, "cut off after " + cut + " s");
            assertArrayEquals(
                    before, Files.exists(corrections) ? Files.readAllBytes(corrections) : null);
        }
    }

    @Test
    void everyApiReadNeedsTheToken() throws Exception {
        try (ReviewServer server = ReviewServer.start(new RunFolder(run), "127.0.0.1", 0)) {
            for (String path :
                    List.of(
                            "/api/runs",
                            "/api/overview",
                            "/api/trajectories",
                            "/api/trajectories?iteration=all",
                            "/api/corrections",
                            "/api/config?run=0")) {
                HttpResponse<String> none = get(server.port(), path, null, Map.of());
                assertEquals(403, none.statusCode(), path);
                assertTrue(none.body().contains("token"), none.body());
                assertTrue(!none.body().contains("keylock"), "nothing of the run: " + none.body());
                assertEquals(403, get(server.port(), path, "0000", Map.of()).statusCode(), path);
                assertEquals(
                        200, get(server.port(), path, server.token(), Map.of()).statusCode(), path);
            }
            // the page itself holds no run data: it loads, then reads with the token
            assertEquals(200, get(server.port(), "/", null, Map.of()).statusCode());
            HttpResponse<String> icon = get(server.port(), "/favicon.ico", null, Map.of());
            assertEquals(200, icon.statusCode());
            assertTrue(icon.body().startsWith("<svg"), icon.body());
        }
    }

    @Test
    void anSshForwardWorksAndOtherNamesOnlyWhenAllowed() throws Exception {
        try (ReviewServer server = ReviewServer.start(new RunFolder(run), "127.0.0.1", 0);
                ReviewServer allowing =
                        ReviewServer.start(
                                List.of(new ReviewRuns.Run(0, "run", new RunFolder(run))),
                                new ReviewServer.Options(
                                        "127.0.0.1", 0, List.of("gpu-box.example")))) {
            // ssh -L 8888:localhost:PORT: the browser asks for localhost:8888
            assertEquals(200, raw(server, "/", "localhost:8888", null, null));
            assertEquals(
                    200,
                    raw(
                            server,
                            "/api/overview",
                            "localhost:8888",
                            "http://localhost:8888",
                            server.token()));
            assertEquals(200, raw(server, "/api/runs", "127.0.0.1:9999", null, server.token()));
            assertEquals(200, raw(server, "/api/runs", "[::1]:8888", null, server.token()));
            assertEquals(
                    200,
                    raw(server, "/api/runs", "[0:0:0:0:0:0:0:1]:8888", null, server.token()),
                    "an IPv6 address however it is written");
            assertEquals(
                    403,
                    raw(
                            server,
                            "/api/runs",
                            "localhost:8888",
                            "http://localhost:3000",
                            server.token()),
                    "another local page");
            assertEquals(
                    403,
                    raw(server, "/api/runs", "gpu-box.example:8765", null, server.token()),
                    "a name not allowed (DNS rebinding)");
            assertEquals(
                    200,
                    raw(allowing, "/api/runs", "gpu-box.example:8765", null, allowing.token()),
                    "allowed with --allow-host");
            assertEquals(
                    200,
                    raw(
                            allowing,
                            "/api/runs",
                            "GPU-BOX.example:80",
                            "http://GPU-BOX.example:80",
                            allowing.token()));
            assertEquals(403, raw(allowing, "/api/runs", "gpu-box.example:8765", null, null));
        }
    }

    @Test
    void badValuesAreRefusedNamingTheParameter() throws Exception {
        try (ReviewServer server = ReviewServer.start(new RunFolder(run), "127.0.0.1", 0)) {
            for (String[] c :
                    new String[][] {
                        {"/api/trajectories?outcome=lost", "outcome must be won or failed"},
                        {"/api/trajectories?mark=foo", "mark must be one of label"},
                        {
                            "/api/trajectories?iteration=4294967316",
                            "iteration must be a whole number"
                        },
                        {"/api/trajectories?iteration=-1", "iteration must be a whole number"},
                        {"/api/trajectories?sort=luck", "sort must be confidence"},
                        {"/api/trajectories?run=3", "run must be a run from 0 to 0"},
                        {"/api/config?run=x", "run must be a whole number"}
                    }) {
                HttpResponse<String> answer = get(server.port(), c[0], server.token(), Map.of());
                assertEquals(400, answer.statusCode(), c[0]);
                assertTrue(answer.body().contains(c[1]), c[0] + ": " + answer.body());
            }
            List<JsonNode> saved = new RunFolder(run).trajectories().read();
            JsonNode t = saved.get(0);
            HttpResponse<String> wrapped =
                    post(
                            server,
                            "{\"iteration\":4294967297,\"slot\":"
                                    + t.get("slot").asInt()
                                    + ",\"task\":"
                                    + JSON.writeValueAsString(t.get("task").asText())
                                    + ",\"step\":0,\"verdict\":1}");
            assertEquals(400, wrapped.statusCode());
            assertTrue(wrapped.body().contains("\\\"iteration\\\""), wrapped.body());
            assertTrue(!Files.exists(run.resolve("corrections.jsonl")), "nothing written");
        }
    }

    /**
     * {@code rlanything review} as a person starts it (a new JVM): the printed address, pasted,
     * opens the page and its token reads the API; on all interfaces the printed address (this
     * machine's name) works too; and a half request is cut off after the header time limit.
     */
    @Test
    void thePrintedAddressWorksWhenPasted() throws Exception {
        for (List<String> options :
                List.<List<String>>of(List.of(), List.of("--host", "0.0.0.0"))) {
            List<String> args = new ArrayList<>(List.of("review", run.toString(), "--port", "0"));
            args.addAll(options);
            Process review = start(args);
            try (BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(
                                    review.getInputStream(), StandardCharsets.UTF_8))) {
                String printed = null;
                StringBuilder seen = new StringBuilder();
                Pattern address = Pattern.compile("^\\s+(http://\\S+/\\?token=[0-9a-f]+)$");
                for (String line; printed == null && (line = out.readLine()) != null; ) {
                    seen.append(line).append('\n');
                    Matcher m = address.matcher(line);
                    if (m.matches()) {
                        printed = m.group(1);
                    }
                }
                assertTrue(printed != null, "no address printed: " + seen);
                if (options.isEmpty()) {
                    assertTrue(printed.startsWith("http://127.0.0.1:"), printed);
                } else {
                    assertTrue(!printed.contains("0.0.0.0"), "a usable address: " + printed);
                }
                HttpClient client =
                        HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
                HttpResponse<String> page =
                        client.send(
                                HttpRequest.newBuilder(URI.create(printed)).build(),
                                HttpResponse.BodyHandlers.ofString());
                assertEquals(200, page.statusCode(), printed);
                assertTrue(page.body().contains("RLAnything review"));
                String token = printed.substring(printed.indexOf("token=") + "token=".length());
                URI base = URI.create(printed);
                HttpResponse<String> runs =
                        client.send(
                                HttpRequest.newBuilder(base.resolve("/api/runs"))
                                        .header(RequestGuard.TOKEN_HEADER, token)
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
                assertEquals(200, runs.statusCode(), runs.body());
                assertTrue(runs.body().contains(run.getFileName().toString()), runs.body());

                if (options.isEmpty()) {
                    // the JDK server's header limit, as the command sets it
                    try (Socket half = new Socket(base.getHost(), base.getPort())) {
                        half.getOutputStream()
                                .write(
                                        "GET / HTTP/1.1\r\nHost: localhost\r\n"
                                                .getBytes(StandardCharsets.US_ASCII));
                        half.setSoTimeout((ReviewServer.HEADER_SECONDS + 10) * 1000);
                        long start = System.nanoTime();
                        assertEquals(-1, half.getInputStream().read(), "cut off");
                        double seconds = (System.nanoTime() - start) / 1e9;
                        assertTrue(
                                seconds < ReviewServer.HEADER_SECONDS + 4,
                                "cut off after " + seconds + " s");
                    }
                }
            } finally {
                review.destroy();
                assertTrue(review.waitFor(30, TimeUnit.SECONDS));
            }
        }
    }

    private static Process start(List<String> args) throws IOException {
        return new ProcessBuilder(ChildJvm.command(List.of(), "org.rlanything.cli.Main", args))
                .redirectErrorStream(true)
                .start();
    }

    static HttpResponse<String> get(
            int port, String path, String token, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(20));
        if (token != null) {
            request.header(RequestGuard.TOKEN_HEADER, token);
        }
        headers.forEach(request::header);
        return HttpClient.newHttpClient()
                .send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(ReviewServer server, String body) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:"
                                                        + server.port()
                                                        + "/api/corrections"))
                                .header("Content-Type", "application/json")
                                .header(RequestGuard.TOKEN_HEADER, server.token())
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    /**
     * A GET with the {@code Host} (and {@code Origin}) a browser behind a forward or on another
     * name sends, which HttpClient will not set: the status code.
     */
    static int raw(ReviewServer server, String path, String host, String origin, String token)
            throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            String request =
                    "GET "
                            + path
                            + " HTTP/1.1\r\nHost: "
                            + host
                            + "\r\n"
                            + (origin == null ? "" : "Origin: " + origin + "\r\n")
                            + (token == null
                                    ? ""
                                    : RequestGuard.TOKEN_HEADER + ": " + token + "\r\n")
                            + "Connection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            String status =
                    new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(status.substring(9, 12));
        }
    }
}
