package org.rlanything.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.rlanything.core.Task;

/**
 * A task of a remote environment: the JSON object the server's {@code reset} receives, as the
 * server's own format defines it (an OSWorld task file, a MiniWoB++ page name, ...).
 *
 * @param id a stable id
 * @param description one line for logs and the rewriter (OSWorld: the instruction)
 * @param spec the task object, as JSON text (kept as text so that tasks stay serializable)
 */
public record RemoteScreenTask(String id, String description, String spec) implements Task {

    private static final ObjectMapper JSON = new ObjectMapper();

    public RemoteScreenTask {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(spec, "spec");
    }

    @Override
    public String describe() {
        return description;
    }

    /** The task object. */
    public JsonNode specJson() {
        try {
            return JSON.readTree(spec);
        } catch (IOException e) {
            throw new IllegalStateException("Task " + id + " holds bad JSON", e);
        }
    }

    /**
     * Every {@code *.json} file under {@code folder} holding one JSON object (OSWorld's {@code
     * evaluation_examples/<app>/<id>.json}), sorted by path; id from its {@code id} field (else the
     * file name), description from its {@code instruction} field (else the id). Files holding
     * something else than an object (indexes such as {@code test_all.json}) are skipped.
     *
     * @throws IllegalArgumentException naming the file that is not JSON, or the folder with none
     */
    public static List<RemoteScreenTask> fromFolder(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new org.rlanything.core.BadInputException("No such task folder: " + folder);
        }
        try (Stream<Path> files = Files.walk(folder)) {
            List<RemoteScreenTask> tasks =
                    files.filter(p -> p.getFileName().toString().endsWith(".json"))
                            .sorted()
                            .map(RemoteScreenTask::fromFile)
                            .filter(Objects::nonNull)
                            .toList();
            if (tasks.isEmpty()) {
                throw new org.rlanything.core.BadInputException(
                        "No task .json files under " + folder);
            }
            return tasks;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + folder, e);
        }
    }

    private static RemoteScreenTask fromFile(Path file) {
        JsonNode node;
        try {
            node = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new org.rlanything.core.BadInputException(
                    "Not a JSON task file: " + file + " (" + e.getMessage() + ")");
        }
        if (node == null || !node.isObject() || !node.has("instruction")) {
            return null;
        }
        String name = file.getFileName().toString();
        String id = node.path("id").asText(name.substring(0, name.length() - ".json".length()));
        return new RemoteScreenTask(id, node.get("instruction").asText(id), node.toString());
    }
}
