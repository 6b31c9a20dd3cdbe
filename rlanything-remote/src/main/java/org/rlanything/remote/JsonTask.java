package org.rlanything.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Objects;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/**
 * A task of a remote environment: the JSON object its server made ({@code /tasks}, {@code
 * /rewrite}), kept as compact JSON text so that it is a plain value (checkpoints store it as it
 * is). The server defines every field but two: {@code id} (a string, unique in the run) and,
 * optionally, {@code description} (one line for logs, prompts and the report).
 *
 * @param id the task's {@code id}
 * @param description its {@code description}, else its id
 * @param json the whole object as compact JSON text
 */
public record JsonTask(String id, String description, String json) implements Task {

    private static final ObjectMapper JSON = new ObjectMapper();

    public JsonTask {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(json, "json");
    }

    @Override
    public String describe() {
        return description;
    }

    /** The task object. */
    public JsonNode node() {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Task " + id + " holds bad JSON", e);
        }
    }

    /**
     * The task of a JSON object.
     *
     * @throws IllegalArgumentException when it is not an object with a string {@code id}
     */
    public static JsonTask of(JsonNode node) {
        if (node == null
                || !node.isObject()
                || !node.path("id").isTextual()
                || node.path("id").asText().isBlank()) {
            throw new IllegalArgumentException(
                    "A remote task is a JSON object with a non-empty string \"id\", got "
                            + RemoteEnvironmentException.oneLine(String.valueOf(node)));
        }
        String id = node.get("id").asText();
        String description = node.path("description").asText(id);
        return new JsonTask(id, description.isBlank() ? id : description, node.toString());
    }

    /** Tasks as their JSON text and back. */
    public static final class Codec implements TaskCodec {
        @Override
        public String encode(Task task) {
            if (!(task instanceof JsonTask json)) {
                throw new IllegalArgumentException(
                        "A remote environment's task is a JsonTask, got "
                                + task.getClass().getSimpleName());
            }
            return json.json();
        }

        @Override
        public Task decode(String text) {
            try {
                return of(JSON.readTree(text));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(
                        "Not a remote task (bad JSON: " + e.getOriginalMessage() + ")", e);
            }
        }
    }
}
