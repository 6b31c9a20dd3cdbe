package org.rlanything.coding;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A real chat-completions server on loopback that plays scripted replies per role: the role is
 * recognised by a phrase of the request's system message, and each request for n samples gets the
 * role's next n replies (cycling). Records every request body.
 */
public final class ScriptedChatServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final Map<String, List<String>> replies;
    private final Map<String, Integer> next = new HashMap<>();
    private final List<JsonNode> requests = new ArrayList<>();

    /**
     * @param replies for each phrase of a system message, the replies in order
     */
    public ScriptedChatServer(Map<String, List<String>> replies) throws IOException {
        this.replies = replies;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public synchronized List<JsonNode> requests() {
        return List.copyOf(requests);
    }

    private void handle(HttpExchange exchange) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        String system = body.get("messages").get(0).get("content").asText();
        int n = body.has("n") ? body.get("n").asInt() : 1;
        ObjectNode root = JSON.createObjectNode();
        root.put("id", "chatcmpl-scripted").put("object", "chat.completion");
        ArrayNode choices = root.putArray("choices");
        synchronized (this) {
            requests.add(body);
            String role =
                    replies.keySet().stream().filter(system::contains).findFirst().orElseThrow();
            List<String> script = replies.get(role);
            for (int i = 0; i < n; i++) {
                int k = next.merge(role, 1, Integer::sum) - 1;
                ObjectNode c = choices.addObject();
                c.put("index", i);
                c.putObject("message")
                        .put("role", "assistant")
                        .put("content", script.get(k % script.size()));
                c.put("finish_reason", "stop");
            }
        }
        root.putObject("usage")
                .put("prompt_tokens", 10)
                .put("completion_tokens", 5 * n)
                .put("total_tokens", 10 + 5 * n);
        byte[] out = root.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, out.length);
        try (OutputStream o = exchange.getResponseBody()) {
            o.write(out);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
