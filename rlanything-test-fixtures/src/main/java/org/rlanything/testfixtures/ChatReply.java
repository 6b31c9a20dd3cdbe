package org.rlanything.testfixtures;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * One answer of the {@link FakeChatServer}: an HTTP status, a body, extra headers and a delay
 * before it is sent (to hold a request in flight or outlast a client's timeout).
 *
 * @param status the HTTP status
 * @param body the response body (empty: none)
 * @param headers headers set on the response besides {@code Content-Type: application/json}
 * @param delayMs how long the server waits before it answers
 */
public record ChatReply(int status, String body, Map<String, String> headers, long delayMs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ChatReply {
        headers = Map.copyOf(headers);
    }

    /**
     * A well-formed 200 chat completion with one choice per text, and usage of 10 prompt tokens and
     * 5 completion tokens per choice.
     */
    public static ChatReply ok(List<String> texts) {
        ObjectNode root = JSON.createObjectNode();
        root.put("id", "chatcmpl-fake").put("object", "chat.completion");
        ArrayNode choices = root.putArray("choices");
        for (int i = 0; i < texts.size(); i++) {
            ObjectNode choice = choices.addObject();
            choice.put("index", i);
            choice.putObject("message").put("role", "assistant").put("content", texts.get(i));
            choice.put("finish_reason", "stop");
        }
        root.putObject("usage")
                .put("prompt_tokens", 10)
                .put("completion_tokens", 5 * texts.size())
                .put("total_tokens", 10 + 5 * texts.size());
        return new ChatReply(200, root.toString(), Map.of(), 0);
    }

    /** As {@link #ok(List)}. */
    public static ChatReply ok(String... texts) {
        return ok(List.of(texts));
    }

    /** A reply with this status and body, as given. */
    public static ChatReply raw(int status, String body) {
        return new ChatReply(status, body, Map.of(), 0);
    }

    /** A reply with this status and body and one extra header (such as {@code Retry-After}). */
    public static ChatReply withHeader(int status, String body, String header, String value) {
        return new ChatReply(status, body, Map.of(header, value), 0);
    }

    /** An error reply of this status with an OpenAI-style error body holding {@code message}. */
    public static ChatReply error(int status, String message) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("error").put("message", message);
        return raw(status, root.toString());
    }

    /** An error reply of this status whose message is {@code refused}. */
    public static ChatReply refusal(int status) {
        return error(status, "refused");
    }

    /** This reply, sent after {@code ms} milliseconds. */
    public ChatReply delayed(long ms) {
        return new ChatReply(status, body, headers, ms);
    }
}
