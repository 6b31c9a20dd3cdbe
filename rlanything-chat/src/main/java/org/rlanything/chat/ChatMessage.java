package org.rlanything.chat;

import java.util.Objects;

/**
 * One chat message of a request.
 *
 * @param role {@code system}, {@code user} or {@code assistant}
 * @param content its text
 */
public record ChatMessage(String role, String content) {
    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }

    public static ChatMessage system(String content) {
        return new ChatMessage("system", content);
    }

    public static ChatMessage user(String content) {
        return new ChatMessage("user", content);
    }
}
