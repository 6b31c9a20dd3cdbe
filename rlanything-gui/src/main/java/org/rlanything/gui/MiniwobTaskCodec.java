package org.rlanything.gui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/** MiniWoB++ tasks as one JSON object: {@code {"family": .., "page": URI, "hint": bool}}. */
public final class MiniwobTaskCodec implements TaskCodec {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String encode(Task task) {
        if (!(task instanceof MiniwobTask m)) {
            throw new IllegalArgumentException("Not a MiniWoB++ task: " + task.id());
        }
        return JSON.createObjectNode()
                .put("family", m.family())
                .put("page", m.page().toString())
                .put("hint", m.hint())
                .toString();
    }

    @Override
    public Task decode(String text) {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (IOException e) {
            throw new org.rlanything.core.BadInputException(
                    "A MiniWoB++ task is a JSON object, got: " + text);
        }
        for (String key : new String[] {"family", "page", "hint"}) {
            if (node == null || !node.hasNonNull(key)) {
                throw new org.rlanything.core.BadInputException(
                        "A MiniWoB++ task needs \"" + key + "\", got: " + text);
            }
        }
        return new MiniwobTask(
                node.get("family").asText(),
                URI.create(node.get("page").asText()),
                node.get("hint").asBoolean());
    }
}
