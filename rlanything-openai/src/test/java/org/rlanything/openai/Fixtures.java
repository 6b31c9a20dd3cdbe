package org.rlanything.openai;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.rlanything.chat.ChatMessage;
import org.rlanything.chat.PromptWindow;

/** Configs and clients for tests: short timeouts, millisecond backoff. */
final class Fixtures {

    static final Backoff FAST =
            new Backoff(Duration.ofMillis(1), Duration.ofMillis(4), Duration.ofSeconds(2));

    private Fixtures() {}

    static EndpointConfig config(String baseUrl) {
        return new EndpointConfig(baseUrl, "test-model", "", 0.8, 0.95, 64, 2, 4, 2);
    }

    static EndpointConfig config(String baseUrl, double timeoutS, int maxRetries) {
        return new EndpointConfig(
                baseUrl, "test-model", "", 0.8, 0.95, 64, timeoutS, 4, maxRetries);
    }

    static ChatClient client(EndpointConfig config, String role) {
        return ChatClient.builder(config)
                .role(role)
                .optBackoff(FAST)
                .optEnvironment(Map.<String, String>of()::get)
                .build();
    }

    static ChatRequest request(String text, long seed) {
        return new ChatRequest(List.of(ChatMessage.user(text)), seed);
    }

    /**
     * An endpoint policy with the household window: task descriptions, 10 steps, 1000 characters.
     */
    static EndpointPolicy policy(ChatClient client) {
        return new EndpointPolicy(
                client, new PromptWindow(org.rlanything.core.Task::describe, 10, 1000));
    }

    /**
     * An endpoint judge with the household window: task descriptions, 20 steps, 1000 characters.
     */
    static EndpointJudge judge(ChatClient client) {
        return new EndpointJudge(
                client, new PromptWindow(org.rlanything.core.Task::describe, 20, 1000));
    }
}
