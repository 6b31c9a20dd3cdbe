package org.rlanything.openai;

import java.util.List;
import org.rlanything.chat.ChatMessage;

/**
 * A logical request: the messages and the seed that makes it unique within a run. The seed comes
 * from the caller's random generator (one draw), so two rollouts that reach the same prompt still
 * make distinct requests, and a resumed run makes exactly the requests of the run it continues: the
 * seed is part of the key under which {@link ResponseLog} records the replies. The sampling
 * settings come from the client's {@link EndpointConfig}.
 *
 * @param messages the conversation, at least one message
 * @param seed the request's seed, sent to the server as {@code seed}
 */
public record ChatRequest(List<ChatMessage> messages, long seed) {
    public ChatRequest {
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("A chat request needs at least one message.");
        }
    }
}
