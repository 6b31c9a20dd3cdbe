package org.rlanything.cli.run;

import org.rlanything.core.io.AtomicFiles;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * An append-only JSON-lines file in the run folder. Every append is forced to disk, so after a crash the
 * file holds whole lines plus at most one torn last line; {@link #truncateAfter(int)} drops that torn line
 * and every line of an iteration past the checkpoint being resumed.
 */
public final class JsonlLog {

    static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;

    public JsonlLog(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** Appends lines and forces them to disk. */
    public void append(List<? extends JsonNode> lines) {
        if (lines.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder();
        try {
            for (JsonNode line : lines) {
                text.append(JSON.writeValueAsString(line)).append('\n');
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot append to " + file + ".", e);
        }
    }

    /** The whole, parseable lines of the file (a torn last line is skipped). */
    public List<JsonNode> read() throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        if (!Files.exists(file)) {
            return lines;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                lines.add(JSON.readTree(line));
            } catch (IOException torn) {
                break; // only the last line can be torn: everything before it was forced to disk
            }
        }
        return lines;
    }

    /** Keeps only the lines of iterations {@code <= iteration}; rewrites the file atomically. */
    public void truncateAfter(int iteration) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode line : read()) {
            if (line.path("iteration").asInt(Integer.MAX_VALUE) <= iteration) {
                text.append(JSON.writeValueAsString(line)).append('\n');
            }
        }
        AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }
}
