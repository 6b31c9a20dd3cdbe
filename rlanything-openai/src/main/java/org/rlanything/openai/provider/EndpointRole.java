package org.rlanything.openai.provider;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.spi.RunParticipant;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.ResponseLog;
import org.rlanything.openai.TrainingExport;

/**
 * What an endpoint role does in a run folder: records and replays every reply in {@code
 * RUN/endpoint/<role>.jsonl} (so {@code train --resume} gets the answers the interrupted run got),
 * puts its {@code endpoint/<role>/...} counters into each iteration's metrics, and writes the
 * iteration's samples to {@code RUN/export/<role>-NNNNNN.jsonl}. An endpoint has no weights: its
 * checkpoint is a note naming the endpoint (never the key), and loading one restores nothing.
 */
abstract class EndpointRole implements Checkpointable, RunParticipant {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The folder of the run folder that holds the response logs. */
    static final String LOG_FOLDER = "endpoint";

    private final ChatClient client;
    private final String role;
    private ResponseLog log;

    EndpointRole(ChatClient client, String role) {
        this.client = Objects.requireNonNull(client, "client");
        this.role = Objects.requireNonNull(role, "role");
    }

    final ChatClient client() {
        return client;
    }

    /**
     * This iteration's export lines (the samples the loop handed to {@code update}), then forgets
     * them; null for a role without training samples (no file is written).
     */
    abstract List<String> takeExport(int iteration);

    @Override
    public final synchronized void openRunFolder(Path runDir) throws IOException {
        ResponseLog opened = ResponseLog.open(runDir.resolve(LOG_FOLDER), role);
        ResponseLog previous = client.useResponseLog(opened);
        if (previous != null && previous == log) {
            previous.close();
        }
        log = opened;
    }

    /**
     * Stops recording and removes this role's response log and exports (a fresh start that failed).
     */
    @Override
    public final synchronized void abandonRunFolder(Path runDir) throws IOException {
        ResponseLog previous = client.useResponseLog(null);
        if (previous != null) {
            previous.close();
        }
        log = null;
        Path logs = runDir.resolve(LOG_FOLDER);
        Files.deleteIfExists(logs.resolve(role + ".jsonl"));
        deleteIfEmpty(logs);
        Path exports = runDir.resolve(TrainingExport.FOLDER);
        if (Files.isDirectory(exports)) {
            try (java.util.stream.Stream<Path> files = Files.list(exports)) {
                for (Path file :
                        files.filter(f -> f.getFileName().toString().startsWith(role + "-"))
                                .toList()) {
                    Files.deleteIfExists(file);
                }
            }
            deleteIfEmpty(exports);
        }
    }

    private static void deleteIfEmpty(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            try (java.util.stream.Stream<Path> rest = Files.list(folder)) {
                if (rest.findAny().isEmpty()) {
                    Files.delete(folder);
                }
            }
        }
    }

    @Override
    public final Map<String, Double> drainMetrics() {
        return client.drainMetrics();
    }

    @Override
    public final void iterationEnded(int iteration, Path runDir) throws IOException {
        List<String> lines = takeExport(iteration);
        if (lines != null) {
            TrainingExport.write(runDir, role, iteration, lines);
        }
    }

    @Override
    public final void saveTo(Path directory) throws IOException {
        ObjectNode note = JSON.createObjectNode();
        note.put("kind", "openai");
        note.put("role", role);
        note.put("base_url", client.config().baseUrl());
        note.put("model", client.config().model());
        note.put(
                "note",
                "An endpoint is not trained by the loop: this checkpoint restores nothing.");
        Files.createDirectories(directory);
        Files.writeString(
                directory.resolve("endpoint.json"),
                note.toPrettyString() + "\n",
                StandardCharsets.UTF_8);
    }

    @Override
    public final void loadFrom(Path directory) {
        // nothing to restore: the endpoint's replies are replayed from the response log instead
    }
}
