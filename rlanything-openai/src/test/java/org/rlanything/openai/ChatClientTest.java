package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.openai.Fixtures.client;
import static org.rlanything.openai.Fixtures.config;
import static org.rlanything.openai.Fixtures.request;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.FakeChatServer;

@Timeout(20)
class ChatClientTest {

    @Test
    void wellFormedReplyGivesAllSamplesFromOneRequestWithTheConfiguredBody() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("a");
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            ChatResult result = client.complete(request("hello", 42), 3);
            assertEquals(List.of("a-0", "a-1", "a-2"), result.texts());
            assertEquals(10, result.promptTokens());
            assertEquals(15, result.completionTokens());
            assertEquals(1, server.requests().size());
            JsonNode body = server.requests().get(0);
            assertEquals("test-model", body.get("model").asText());
            assertEquals(3, body.get("n").asInt());
            assertEquals(0.8, body.get("temperature").asDouble());
            assertEquals(0.95, body.get("top_p").asDouble());
            assertEquals(64, body.get("max_tokens").asInt());
            assertEquals("hello", body.get("messages").get(0).get("content").asText());
            assertTrue(
                    body.get("seed").asLong() >= 0
                            && body.get("seed").asLong() <= Integer.MAX_VALUE);
            assertNull(
                    server.authorizations().get(0), "no key configured, no Authorization header");
            Map<String, Double> m = client.drainMetrics();
            assertEquals(1.0, m.get("endpoint/policy/requests"));
            assertEquals(3.0, m.get("endpoint/policy/samples"));
            assertEquals(1.0, m.get("endpoint/policy/http_requests"));
            assertEquals(0.0, m.get("endpoint/policy/retries"));
            assertEquals(10.0, m.get("endpoint/policy/prompt_tokens"));
            assertEquals(15.0, m.get("endpoint/policy/completion_tokens"));
            assertTrue(m.get("endpoint/policy/latency_s") > 0);
            assertTrue(client.drainMetrics().isEmpty(), "drain resets");
        }
    }

    @Test
    void aServerThatIgnoresNIsAskedAgainForTheMissingSamplesWithDistinctSeeds() throws Exception {
        try (FakeChatServer server =
                        FakeChatServer.answering(
                                r -> ChatReply.ok("one of " + r.get("seed").asLong()));
                ChatClient client = client(config(server.baseUrl()), "reward_model")) {
            ChatResult result = client.complete(request("judge", 7), 3);
            assertEquals(3, server.requests().size());
            assertEquals(
                    List.of(3, 2, 1),
                    server.requests().stream().map(r -> r.get("n").asInt()).toList());
            List<Long> seeds =
                    server.requests().stream().map(r -> r.get("seed").asLong()).distinct().toList();
            assertEquals(3, seeds.size(), "each follow-up request has its own seed");
            assertEquals(3, result.texts().stream().distinct().count());
            assertEquals(30.0, client.drainMetrics().get("endpoint/reward_model/prompt_tokens"));
        }
    }

    @Test
    void malformedJsonAndEmptyChoicesAreUnusableSamplesWithoutRetry() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("x");
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            server.then(ChatReply.raw(200, "{\"choices\": [ {\"index\": 0, \"message\": "));
            server.then(ChatReply.raw(200, "{\"choices\": []}"));
            server.then(
                    ChatReply.raw(
                            200,
                            "{\"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\"}}]}"));
            ChatResult malformed = client.complete(request("a", 1), 2);
            ChatResult empty = client.complete(request("b", 2), 1);
            ChatResult noContent = client.complete(request("c", 3), 1);
            assertEquals(3, server.requests().size(), "no retries for unusable 200 replies");
            assertFalse(malformed.completions().get(0).ok());
            assertFalse(malformed.completions().get(1).ok());
            assertTrue(malformed.completions().get(0).error().contains(server.baseUrl()));
            assertTrue(
                    empty.completions().get(0).error().contains("empty"),
                    empty.completions().get(0).error());
            assertFalse(noContent.completions().get(0).ok());
            assertEquals(List.of("", ""), malformed.texts());
            Map<String, Double> m = client.drainMetrics();
            assertEquals(4.0, m.get("endpoint/policy/invalid_replies"));
            assertEquals(4.0, m.get("endpoint/policy/samples"));
        }
    }

    @Test
    void repliesCutAtMaxTokensAreCounted() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("x");
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            server.then(
                    ChatReply.raw(
                            200,
                            "{\"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", "
                                    + "\"content\": \"I will first\"}, \"finish_reason\": \"length\"}]}"));
            ChatResult result = client.complete(request("a", 1), 1);
            assertEquals("length", result.completions().get(0).finishReason());
            Map<String, Double> m = client.drainMetrics();
            assertEquals(1.0, m.get("endpoint/policy/truncated"));
            assertEquals(0.0, m.get("endpoint/policy/prompt_tokens"), "no usage reported: 0");
        }
    }

    @Test
    void aReplySlowerThanTheTimeoutIsRetriedAndNothingHangs() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("fast");
                ChatClient client = client(config(server.baseUrl(), 0.5, 2), "policy")) {
            server.then(ChatReply.ok("slow").delayed(5_000));
            long start = System.nanoTime();
            ChatResult result = client.complete(request("a", 1), 1);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(List.of("fast-0"), result.texts());
            assertTrue(seconds < 3, "gave up on the slow reply after about 0.5 s, took " + seconds);
            Map<String, Double> m = client.drainMetrics();
            assertEquals(1.0, m.get("endpoint/policy/failed/timeout"));
            assertEquals(1.0, m.get("endpoint/policy/retries"));
            assertEquals(2.0, m.get("endpoint/policy/http_requests"));
        }
    }

    @Test
    void timeoutsOnEveryTryEndInAClearError() throws Exception {
        try (FakeChatServer server =
                        FakeChatServer.answering(r -> ChatReply.ok("late").delayed(5_000));
                ChatClient client = client(config(server.baseUrl(), 0.2, 1), "policy")) {
            EndpointException e =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("a", 1), 1));
            assertTrue(
                    e.getMessage().contains(server.baseUrl())
                            && e.getMessage().contains("test-model"),
                    e.getMessage());
            assertTrue(
                    e.getMessage().contains("2 tries") && e.getMessage().contains("timeout_s"),
                    e.getMessage());
            assertEquals(-1, e.status());
            assertEquals(2, server.requests().size());
        }
    }

    @Test
    void status429HonoursRetryAfterThenSucceeds() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("ok");
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            server.then(
                    ChatReply.withHeader(429, "{\"error\": \"slow down\"}", "Retry-After", "1"));
            long start = System.nanoTime();
            ChatResult result = client.complete(request("a", 1), 1);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(List.of("ok-0"), result.texts());
            assertEquals(2, server.requests().size());
            assertTrue(
                    seconds >= 0.95,
                    "waited for Retry-After: 1 (the backoff alone is 1-4 ms), took " + seconds);
            Map<String, Double> m = client.drainMetrics();
            assertEquals(1.0, m.get("endpoint/policy/failed/http_429"));
            assertEquals(1.0, m.get("endpoint/policy/retries"));
        }
    }

    @Test
    void status500IsRetriedThenSucceeds() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("ok");
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            server.then(ChatReply.raw(500, "internal"));
            server.then(ChatReply.raw(503, "overloaded"));
            ChatResult result = client.complete(request("a", 1), 1);
            assertEquals(List.of("ok-0"), result.texts());
            assertEquals(3, server.requests().size());
            assertEquals(2.0, client.drainMetrics().get("endpoint/policy/failed/http_5xx"));
        }
    }

    @Test
    void persistent5xxEndsInAnErrorNamingTheEndpointAndStatus() throws Exception {
        try (FakeChatServer server =
                        FakeChatServer.answering(r -> ChatReply.raw(502, "bad gateway"));
                ChatClient client = client(config(server.baseUrl(), 2, 2), "policy")) {
            EndpointException e =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("a", 1), 1));
            assertEquals(502, e.status());
            assertEquals(3, e.tries());
            assertEquals(3, server.requests().size());
            assertTrue(
                    e.getMessage().contains(server.baseUrl() + " (model test-model)"),
                    e.getMessage());
            assertTrue(
                    e.getMessage().contains("HTTP 502") && e.getMessage().contains("bad gateway"),
                    e.getMessage());
        }
    }

    @Test
    void status401IsNotRetriedAndNamesTheEndpoint() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("never");
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            server.then(ChatReply.raw(401, "{\"error\": \"invalid api key\"}"));
            EndpointException e =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("a", 1), 1));
            assertEquals(1, server.requests().size(), "a 401 is not retried");
            assertEquals(401, e.status());
            assertEquals(1, e.tries());
            assertTrue(
                    e.getMessage().contains(server.baseUrl())
                            && e.getMessage().contains("HTTP 401")
                            && e.getMessage().contains("not retried"),
                    e.getMessage());
        }
    }

    @Test
    void connectionRefusedIsRetriedThenFailsClearly() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/v1";
        try (ChatClient client = client(config(url, 2, 2), "rewriter")) {
            long start = System.nanoTime();
            EndpointException e =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("a", 1), 1));
            assertTrue((System.nanoTime() - start) / 1e9 < 5);
            assertEquals(3, e.tries());
            assertTrue(
                    e.getMessage().contains(url + " (model test-model)")
                            && e.getMessage().contains("3 tries")
                            && e.getMessage().contains("connect"),
                    e.getMessage());
            // a failed call records nothing, so its counters stay out of the figures
            assertFalse(client.drainMetrics().containsKey("endpoint/rewriter/samples"));
        }
    }

    @Test
    void concurrencyIsBoundedByMaxConcurrency() throws Exception {
        try (FakeChatServer server = FakeChatServer.answering(r -> ChatReply.ok("x").delayed(80));
                ChatClient client =
                        client(
                                new EndpointConfig(
                                        server.baseUrl(), "m", "", 0.8, 0.95, 64, 2, 2, 0),
                                "policy")) {
            List<ChatRequest> requests = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                requests.add(request("q" + i, i));
            }
            List<ChatResult> results = client.completeAll(requests, 1);
            assertEquals(8, results.size());
            assertEquals(8, server.requests().size());
            assertTrue(server.maxInFlight() <= 2, "in flight at once: " + server.maxInFlight());
            assertEquals(
                    List.of("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7"),
                    requests.stream().map(r -> r.messages().get(0).content()).toList());
        }
    }

    @Test
    void retryAfterReadsSecondsAndHttpDates() {
        assertEquals(Duration.ofSeconds(2), ChatClient.retryAfter("2"));
        assertEquals(Duration.ZERO, ChatClient.retryAfter("0"));
        assertEquals(
                Duration.ZERO,
                ChatClient.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT"),
                "a past date: at once");
        assertNull(ChatClient.retryAfter("soon"));
        assertNull(ChatClient.retryAfter(null));
    }

    @Test
    void backoffGrowsExponentiallyWithJitterAndHonoursRetryAfterUpToItsCap() {
        Backoff b =
                new Backoff(Duration.ofMillis(100), Duration.ofMillis(1000), Duration.ofSeconds(5));
        java.util.SplittableRandom r = new java.util.SplittableRandom(1);
        for (int i = 0; i < 50; i++) {
            long d1 = b.delay(1, null, r).toMillis();
            long d3 = b.delay(3, null, r).toMillis();
            long d9 = b.delay(9, null, r).toMillis();
            assertTrue(d1 >= 50 && d1 <= 100, "retry 1: " + d1);
            assertTrue(d3 >= 200 && d3 <= 400, "retry 3: " + d3);
            assertTrue(d9 >= 500 && d9 <= 1000, "capped: " + d9);
        }
        assertEquals(Duration.ofSeconds(3), b.delay(1, Duration.ofSeconds(3), r));
        assertEquals(Duration.ofSeconds(5), b.delay(1, Duration.ofSeconds(60), r));
        assertNotEquals(
                b.delay(2, null, r),
                b.delay(2, null, r),
                "jittered (equal twice by chance: 1 in 101)");
    }

    /**
     * Issue 27, finding 7: a server's Retry-After longer than what is left of the request's
     * deadline ((max_retries + 1) * timeout_s) fails the request at once, named as such, instead of
     * blocking for as long as the server asks (the default backoff honours up to 300 s).
     */
    @Test
    void aRetryAfterPastTheRequestsDeadlineFailsItAtOnce() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("ok");
                ChatClient client =
                        ChatClient.builder(config(server.baseUrl(), 1, 1))
                                .role("policy")
                                .optEnvironment(Map.<String, String>of()::get)
                                .build()) {
            server.then(
                    ChatReply.withHeader(429, "{\"error\": \"busy\"}", "Retry-After", "300000"));
            long start = System.nanoTime();
            EndpointException e =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("a", 1), 1));
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 2, "failed at once, took " + seconds + " s");
            assertTrue(
                    e.getMessage().contains("Retry-After")
                            && e.getMessage().contains("deadline of 2 s")
                            && e.getMessage().contains(server.baseUrl()),
                    e.getMessage());
            assertEquals(1, server.requests().size());
        }
    }

    /** Finding 7: a reply whose body drips in at 1 byte/s is cut at the request's deadline. */
    @Test
    void aBodyDrippedOneBytePerSecondIsCutAtTheDeadline() throws Exception {
        try (ServerSocket socket =
                        new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
                ChatClient client =
                        client(
                                config("http://127.0.0.1:" + socket.getLocalPort() + "/v1", 0.5, 1),
                                "policy")) {
            Thread dripper =
                    new Thread(
                            () -> {
                                while (!socket.isClosed()) {
                                    try {
                                        java.net.Socket connection = socket.accept();
                                        Thread drip = new Thread(() -> drip(connection));
                                        drip.setDaemon(true);
                                        drip.start();
                                    } catch (java.io.IOException closed) {
                                        return;
                                    }
                                }
                            });
            dripper.setDaemon(true);
            dripper.start();
            long start = System.nanoTime();
            EndpointException e =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("a", 1), 1));
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 2, "cut at the 1 s deadline, took " + seconds + " s");
            assertTrue(e.getMessage().contains("timeout_s"), e.getMessage());
        }
    }

    /** Reads a request's head, then answers 200 with a body of 500 bytes, one byte a second. */
    private static void drip(java.net.Socket connection) {
        try (connection) {
            java.io.InputStream in = connection.getInputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            java.io.OutputStream out = connection.getOutputStream();
            out.write(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n"
                            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            for (int i = 0; i < 500; i++) {
                out.write('{');
                out.flush();
                Thread.sleep(1000);
            }
        } catch (java.io.IOException | InterruptedException e) {
            // the client gave up: the point of the test
        }
    }
}
