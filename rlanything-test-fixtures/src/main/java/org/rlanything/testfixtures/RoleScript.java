package org.rlanything.testfixtures;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Scripted answers per role for a {@link FakeChatServer}: the role of a request is the first phrase
 * of {@code replies} that its system message (the first message) contains, and a request for {@code
 * n} samples gets that role's next {@code n} replies, cycling through them. A request of no known
 * role is answered with a 400 naming its system message.
 */
public final class RoleScript implements Function<JsonNode, ChatReply> {

    private final Map<String, List<String>> replies;
    private final Map<String, Integer> next = new HashMap<>();

    /**
     * @param replies for each phrase of a system message, the replies in order (the map's iteration
     *     order decides between phrases that both match)
     */
    public RoleScript(Map<String, List<String>> replies) {
        this.replies = replies;
    }

    @Override
    public synchronized ChatReply apply(JsonNode request) {
        String system = request.path("messages").path(0).path("content").asText();
        String role = null;
        for (String phrase : replies.keySet()) {
            if (system.contains(phrase)) {
                role = phrase;
                break;
            }
        }
        if (role == null) {
            return ChatReply.error(400, "no scripted role for the system message: " + system);
        }
        List<String> script = replies.get(role);
        int n = request.path("n").asInt(1);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = next.merge(role, 1, Integer::sum) - 1;
            texts.add(script.get(k % script.size()));
        }
        return ChatReply.ok(texts);
    }
}
