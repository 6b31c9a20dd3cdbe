package org.rlanything.it.endpoint;

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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A real chat-completions server on loopback (the idea of rlanything-openai's ScriptedServer): each
 * request is answered by {@code replies} (request body to the texts of its {@code n} choices), with
 * usage figures. It records the Authorization header of every request, and can listen on a given
 * port so that a resumed run, whose config names the first server's address, reaches a second
 * server that answers differently.
 */
final class ChatServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    static {
        System.setProperty(
                "sun.net.httpserver.nodelay", "true"); // no 40 ms delayed-ACK wait per reply
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Function<JsonNode, List<String>> replies;
    private final List<String> authorizations = new ArrayList<>();
    private final int refuseWith;

    ChatServer(int port, Function<JsonNode, List<String>> replies) throws IOException {
        this(port, replies, 0);
    }

    /**
     * A server that answers every request with the HTTP status {@code status} and an error body.
     */
    static ChatServer refusing(int port, int status) throws IOException {
        return new ChatServer(port, request -> List.of(), status);
    }

    private ChatServer(int port, Function<JsonNode, List<String>> replies, int refuseWith)
            throws IOException {
        this.replies = replies;
        this.refuseWith = refuseWith;
        this.executor =
                Executors.newCachedThreadPool(
                        r -> {
                            Thread t = new Thread(r, "chat-server");
                            t.setDaemon(true);
                            return t;
                        });
        this.server =
                HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port() + "/v1";
    }

    /** How many requests arrived. */
    synchronized int requests() {
        return authorizations.size();
    }

    /** The Authorization header of each request (null: none). */
    synchronized List<String> authorizations() {
        return new ArrayList<>(authorizations);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
            synchronized (this) {
                authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            }
            if (refuseWith != 0) {
                byte[] body =
                        "{\"error\": {\"message\": \"refused\"}}".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(refuseWith, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
                return;
            }
            List<String> texts = replies.apply(request);
            ObjectNode root =
                    JSON.createObjectNode()
                            .put("id", "chatcmpl-it")
                            .put("object", "chat.completion");
            ArrayNode choices = root.putArray("choices");
            for (int i = 0; i < texts.size(); i++) {
                ObjectNode c = choices.addObject().put("index", i);
                c.putObject("message").put("role", "assistant").put("content", texts.get(i));
                c.put("finish_reason", "stop");
            }
            root.putObject("usage")
                    .put("prompt_tokens", 100)
                    .put("completion_tokens", 7 * texts.size())
                    .put("total_tokens", 100 + 7 * texts.size());
            byte[] body = root.toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (IOException | RuntimeException e) {
            // the client went away: nothing to answer
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
