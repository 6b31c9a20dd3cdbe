package org.rlanything.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A real HTTP server on loopback that speaks chat completions and plays scripted replies: each
 * request takes the next scripted reply, and when the script is empty the fallback answers. It
 * records every request body and Authorization header, and the most requests it saw in flight at
 * once.
 */
final class ScriptedServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    static {
        // without TCP_NODELAY each small reply waits ~40 ms for a delayed ACK (Nagle): read once by
        // the JDK
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    /** One scripted reply. */
    record Reply(int status, String body, Map<String, String> headers, long delayMs) {
        Reply delayed(long ms) {
            return new Reply(status, body, headers, ms);
        }
    }

    /**
     * A well-formed 200 reply with one choice per text and usage 10 prompt tokens, 5 per choice.
     */
    static Reply ok(String... texts) {
        ObjectNode root = JSON.createObjectNode();
        root.put("id", "chatcmpl-test").put("object", "chat.completion");
        ArrayNode choices = root.putArray("choices");
        for (int i = 0; i < texts.length; i++) {
            ObjectNode c = choices.addObject();
            c.put("index", i);
            c.putObject("message").put("role", "assistant").put("content", texts[i]);
            c.put("finish_reason", "stop");
        }
        root.putObject("usage")
                .put("prompt_tokens", 10)
                .put("completion_tokens", 5 * texts.length)
                .put("total_tokens", 10 + 5 * texts.length);
        return new Reply(200, root.toString(), Map.of(), 0);
    }

    static Reply raw(int status, String body) {
        return new Reply(status, body, Map.of(), 0);
    }

    static Reply withHeader(int status, String body, String header, String value) {
        return new Reply(status, body, Map.of(header, value), 0);
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Deque<Reply> script = new ArrayDeque<>();
    private final List<JsonNode> requests = new ArrayList<>();
    private final List<String> authorizations = new ArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile Function<JsonNode, Reply> fallback;

    /**
     * A server whose fallback answers each request with n choices {@code prefix-0}, {@code
     * prefix-1}, ...
     */
    ScriptedServer(String prefix) throws IOException {
        this(
                request -> {
                    int n = request.path("n").asInt(1);
                    String[] texts = new String[n];
                    for (int i = 0; i < n; i++) {
                        texts[i] = prefix + "-" + i;
                    }
                    return ok(texts);
                });
    }

    ScriptedServer(Function<JsonNode, Reply> fallback) throws IOException {
        this.fallback = fallback;
        this.executor =
                Executors.newCachedThreadPool(
                        r -> {
                            Thread t = new Thread(r, "scripted-server");
                            t.setDaemon(true);
                            return t;
                        });
        this.server =
                HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    synchronized ScriptedServer then(Reply reply) {
        script.addLast(reply);
        return this;
    }

    synchronized List<JsonNode> requests() {
        return List.copyOf(requests);
    }

    synchronized List<String> authorizations() {
        return java.util.Collections.unmodifiableList(
                new ArrayList<>(authorizations)); // null: no header
    }

    int maxInFlight() {
        return maxInFlight.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        boolean counted = true;
        try {
            JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
            Reply reply;
            synchronized (this) {
                requests.add(request);
                authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
                reply = script.isEmpty() ? null : script.pollFirst();
            }
            if (reply == null) {
                reply = fallback.apply(request);
            }
            if (reply.delayMs() > 0) {
                try {
                    Thread.sleep(reply.delayMs());
                } catch (InterruptedException e) {
                    return;
                }
            }
            byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
            // no longer in flight once the answer goes out: the client may send its next request
            // as soon as it reads this one, before this handler's finally runs
            inFlight.decrementAndGet();
            counted = false;
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            reply.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        } catch (IOException e) {
            // the client gave up (a timeout test): nothing to answer
        } finally {
            exchange.close();
            if (counted) {
                inFlight.decrementAndGet();
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
