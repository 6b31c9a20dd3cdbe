package org.rlanything.testfixtures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A real OpenAI-compatible chat-completions server on loopback ({@code POST /v1/chat/completions}),
 * for tests of the endpoint kinds. Each request takes the next reply queued with {@link #then};
 * when the queue is empty the server's answer function replies ({@link #numbering}: {@code n}
 * numbered texts; {@link #byRole}: a {@link RoleScript}; or any function). It records every request
 * body and Authorization header, and the most requests it held in flight at once; it can listen on
 * a given port, so that a resumed run whose config names the first server's address reaches a
 * second server that answers differently.
 */
public final class FakeChatServer implements AutoCloseable {

    /** Reads request bodies (and lets tests read what they record). */
    public static final ObjectMapper JSON = new ObjectMapper();

    static {
        // without TCP_NODELAY each small reply waits ~40 ms for a delayed ACK (Nagle); the JDK
        // reads
        // the property once, when its first server starts
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static final ChatReply UNAUTHORIZED = ChatReply.error(401, "invalid api key");

    private final HttpServer server;
    private final ExecutorService executor;
    private final Function<JsonNode, ChatReply> answer;
    private final Deque<ChatReply> queued = new ArrayDeque<>();
    private final List<JsonNode> requests = new ArrayList<>();
    private final List<String> authorizations = new ArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile String key;

    private FakeChatServer(int port, Function<JsonNode, ChatReply> answer) {
        this.answer = answer;
        this.executor =
                Executors.newCachedThreadPool(
                        r -> {
                            Thread t = new Thread(r, "fake-chat-server");
                            t.setDaemon(true);
                            return t;
                        });
        try {
            this.server =
                    HttpServer.create(
                            new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            executor.shutdownNow();
            throw new UncheckedIOException("Cannot listen on loopback port " + port + ".", e);
        }
        server.createContext("/v1/chat/completions", this::handle);
        server.createContext("/v1/models", this::listModels);
        server.setExecutor(executor);
        server.start();
    }

    /** A server on a free port whose every unqueued request is answered by {@code answer}. */
    public static FakeChatServer answering(Function<JsonNode, ChatReply> answer) {
        return new FakeChatServer(0, answer);
    }

    /** A server on {@code port} (0: a free one) answering with {@code answer}. */
    public static FakeChatServer onPort(int port, Function<JsonNode, ChatReply> answer) {
        return new FakeChatServer(port, answer);
    }

    /**
     * A server that answers a request for {@code n} samples with {@code prefix-0}, {@code
     * prefix-1}, ..., {@code prefix-(n-1)}.
     */
    public static FakeChatServer numbering(String prefix) {
        return answering(
                request -> {
                    int n = request.path("n").asInt(1);
                    List<String> texts = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        texts.add(prefix + "-" + i);
                    }
                    return ChatReply.ok(texts);
                });
    }

    /** A server playing scripted replies per role (see {@link RoleScript}). */
    public static FakeChatServer byRole(Map<String, List<String>> replies) {
        return answering(new RoleScript(replies));
    }

    /** A server on {@code port} that refuses every request with {@code status}. */
    public static FakeChatServer refusing(int port, int status) {
        return onPort(port, request -> ChatReply.refusal(status));
    }

    /**
     * From now on, answers a request (chat or model list) whose Authorization header is not {@code
     * Bearer <key>} with 401, as a hosted API refuses a missing or wrong key.
     */
    public FakeChatServer requiringKey(String key) {
        this.key = key;
        return this;
    }

    /** Queues {@code reply} for the next request that finds no earlier one queued. */
    public synchronized FakeChatServer then(ChatReply reply) {
        queued.addLast(reply);
        return this;
    }

    /** The port the server listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The base URL an OpenAI client is given ({@code http://127.0.0.1:<port>/v1}). */
    public String baseUrl() {
        return "http://127.0.0.1:" + port() + "/v1";
    }

    /** Every request body so far, in order of arrival. */
    public synchronized List<JsonNode> requests() {
        return List.copyOf(requests);
    }

    /** The Authorization header of every request so far (null: the request had none). */
    public synchronized List<String> authorizations() {
        return Collections.unmodifiableList(new ArrayList<>(authorizations));
    }

    /** The most requests the server held at once (received and not yet answered). */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    private void handle(HttpExchange exchange) {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        boolean counted = true;
        try (exchange) {
            JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            ChatReply reply;
            synchronized (this) {
                requests.add(request);
                authorizations.add(authorization);
                reply = authorized(authorization) ? queued.pollFirst() : UNAUTHORIZED;
            }
            reply = reply != null ? reply : answerOf(request);
            if (reply.delayMs() > 0) {
                Thread.sleep(reply.delayMs());
            }
            // no longer in flight once the answer goes out: the client may send its next request as
            // soon as it reads this one, before this handler returns
            inFlight.decrementAndGet();
            counted = false;
            send(exchange, reply);
        } catch (IOException e) {
            // the client went away (a timeout test): nothing to answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (counted) {
                inFlight.decrementAndGet();
            }
        }
    }

    /** {@code GET /v1/models}: one model, or 401 without the key the server requires. */
    private void listModels(HttpExchange exchange) throws IOException {
        try (exchange) {
            send(
                    exchange,
                    authorized(exchange.getRequestHeaders().getFirst("Authorization"))
                            ? ChatReply.raw(
                                    200,
                                    "{\"object\": \"list\", \"data\": [{\"id\": \"fake\","
                                            + " \"object\": \"model\"}]}")
                            : UNAUTHORIZED);
        }
    }

    private static void send(HttpExchange exchange, ChatReply reply) throws IOException {
        byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        reply.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
        exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private boolean authorized(String authorization) {
        String required = key;
        return required == null || ("Bearer " + required).equals(authorization);
    }

    /** The answer function's reply; a 500 naming the error if the function fails. */
    private ChatReply answerOf(JsonNode request) {
        try {
            return answer.apply(request);
        } catch (RuntimeException e) {
            return ChatReply.error(500, "the fake server's answer failed: " + e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
