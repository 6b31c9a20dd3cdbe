package org.rlanything.run;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.io.AtomicFiles;

/**
 * An append-only JSON-lines file in the run folder. Every append is forced to disk, so after a
 * crash the file holds whole lines plus at most one torn last line (no newline); {@link
 * #truncateAfter(int)} drops that torn line and every line of an iteration past the checkpoint
 * being resumed, and nothing else: a corrupt line anywhere else stops with the file and line named.
 */
public final class JsonlLog {

    static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Reads a whole JSON file the run wrote ({@code run.json}, a checkpoint's {@code
     * manifest.json}): text after the object and a key given twice are damage, refused like any
     * other, not read past (Jackson by default ignores the rest and keeps the last duplicate).
     */
    static final ObjectMapper STRICT =
            new ObjectMapper()
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private final Path file;

    public JsonlLog(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** Appends lines and forces them to disk; returns the bytes written. */
    public byte[] append(List<? extends JsonNode> lines) {
        if (lines.isEmpty()) {
            return new byte[0];
        }
        StringBuilder text = new StringBuilder();
        try {
            for (JsonNode line : lines) {
                text.append(JSON.writeValueAsString(line)).append('\n');
            }
            try (FileChannel channel =
                    FileChannel.open(
                            file,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE,
                            StandardOpenOption.APPEND)) {
                byte[] written = text.toString().getBytes(StandardCharsets.UTF_8);
                ByteBuffer bytes = ByteBuffer.wrap(written);
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(false);
                return written;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot append to " + file + ".", e);
        }
    }

    /**
     * The lines of the file. A last line without its newline is a write torn by a kill and is
     * skipped; any other line that is not a JSON object with an integer {@code iteration} stops
     * with a {@link RunFolderException} naming the file and line: a log is never silently
     * shortened.
     */
    public List<JsonNode> read() throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (Line line : lines()) {
            lines.add(line.json());
        }
        return lines;
    }

    /**
     * {@link #read()}, each line also held to {@code shape}: what it finds wrong with a line (null:
     * nothing) makes the line corrupt, named with the file and its number.
     */
    public List<JsonNode> read(java.util.function.Function<JsonNode, String> shape)
            throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (Line line : lines()) {
            String problem = shape.apply(line.json());
            if (problem != null) {
                throw corrupt(line.number(), problem, null);
            }
            lines.add(line.json());
        }
        return lines;
    }

    /**
     * Reads the whole file and stops on a corrupt line, as {@link #read()} does; changes nothing.
     */
    public void check() throws IOException {
        lines();
    }

    /** A checked line: its number in the file, its text as written, and its JSON. */
    record Line(int number, String text, JsonNode json) {
        int iteration() {
            return json.path("iteration").asInt();
        }
    }

    List<Line> lines() throws IOException {
        List<Line> lines = new ArrayList<>();
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return lines;
        }
        if (!Files.isRegularFile(file)) {
            throw new RunFolderException(
                    file
                            + " is not a file (a folder or a special file stands where the log"
                            + " should be); nothing was changed. Move it aside, restore the log from a copy,"
                            + " then run the command again.");
        }
        String text = decode(Files.readAllBytes(file));
        String[] raw = text.split("\n", -1);
        // the part after the last newline is empty, or a torn write of the iteration in progress
        for (int i = 0; i < raw.length - 1; i++) {
            if (raw[i].isBlank()) {
                continue;
            }
            JsonNode json;
            try {
                json = JSON.readTree(raw[i]);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw corrupt(i + 1, "this is not a JSON line (" + problem(e) + ")", e);
            }
            if (json == null
                    || !json.isObject()
                    || !json.path("iteration").canConvertToExactIntegral()) {
                throw corrupt(i + 1, "expected a JSON object with an integer \"iteration\"", null);
            }
            lines.add(new Line(i + 1, raw[i], json));
        }
        return lines;
    }

    /**
     * The text up to the last newline (what follows it is torn and skipped), checked to be UTF-8.
     */
    private String decode(byte[] bytes) {
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        try {
            return org.rlanything.core.io.InputFiles.utf8(bytes, end);
        } catch (org.rlanything.core.io.InputFiles.NotUtf8 e) {
            throw corrupt(e.line(), "this is not UTF-8 text (a binary or compressed file?)", e);
        }
    }

    /**
     * What a JSON parser found wrong, in words: its message without the parser's source description
     * ({@code [Source: ...; line: 3, column: 7]} becomes {@code line 3}).
     */
    static String problem(com.fasterxml.jackson.core.JsonProcessingException e) {
        return SOURCE.matcher(e.getOriginalMessage()).replaceAll("line $1").strip();
    }

    private static final java.util.regex.Pattern SOURCE =
            java.util.regex.Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: \\d+\\]");

    RunFolderException corrupt(int line, String problem, Exception cause) {
        return new RunFolderException(
                file
                        + ", line "
                        + line
                        + ": "
                        + problem
                        + ". The log is corrupt; nothing was"
                        + " changed. Restore the file from a copy, or delete that line and the lines after it, then run"
                        + " the command again.",
                cause);
    }

    /**
     * Keeps the lines of iterations {@code <= iteration}, as written, and removes only the lines
     * after them (and a torn last line); rewrites the file atomically. A corrupt line stops it
     * before anything changes.
     */
    public void truncateAfter(int iteration) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        StringBuilder text = new StringBuilder();
        for (Line line : lines()) {
            if (line.json().path("iteration").asInt() <= iteration) {
                text.append(line.text()).append('\n');
            }
        }
        AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Cuts the file back to its first {@code bytes} bytes (what a checkpoint recorded, checked
     * before) and forces it to disk.
     */
    void truncateTo(long bytes) throws IOException {
        if (!Files.exists(file) && bytes == 0) {
            return;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(bytes);
            channel.force(true);
        }
    }
}
