package org.rlanything.alfworld.gen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The content of a {@code game.tw-pddl} file: a JSON object with the PDDL domain, the TextWorld grammar,
 * the PDDL problem and the {@code solvable} flag. {@link #toJson()} writes the layout Python's
 * {@code json.dump} gives ALFWorld's own files (one line, {@code ", "} and {@code ": "} separators,
 * non-ASCII escaped), so equal games are equal bytes.
 *
 * @param domain the PDDL domain text
 * @param grammar the TextWorld grammar text (with this game's task sentence)
 * @param problem the PDDL problem text
 * @param solvable whether the game is known to be solvable
 */
public record GameFile(String domain, String grammar, String problem, boolean solvable) {

    public static final String FILE_NAME = "game.tw-pddl";

    public GameFile {
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(grammar, "grammar");
        Objects.requireNonNull(problem, "problem");
    }

    /** The file's JSON text. */
    public String toJson() {
        return "{\"pddl_domain\": " + quote(domain) + ", \"grammar\": " + quote(grammar) + ", \"pddl_problem\": "
                + quote(problem) + ", \"solvable\": " + solvable + "}";
    }

    /** The file's bytes (UTF-8; the text is ASCII). */
    public byte[] toBytes() {
        return toJson().getBytes(StandardCharsets.UTF_8);
    }

    /** Writes {@code dir/game.tw-pddl}, creating {@code dir}; returns the file. */
    public Path writeTo(Path dir) {
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(FILE_NAME);
            Files.write(file, toBytes());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the game file in " + dir + ".", e);
        }
    }

    /** Reads a {@code game.tw-pddl} file; fails naming the file and the missing key. */
    public static GameFile read(Path file) {
        try {
            return parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the game file " + file + ".", e);
        }
    }

    /** Parses game JSON text; {@code source} names it in error messages. */
    public static GameFile parse(String json, String source) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("The game file " + source + " is not valid JSON: " + e.getMessage(), e);
        }
        return new GameFile(text(root, "pddl_domain", source), text(root, "grammar", source),
                text(root, "pddl_problem", source), root.path("solvable").asBoolean(false));
    }

    private static String text(JsonNode root, String key, String source) {
        JsonNode value = root.get(key);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("The game file " + source + " has no text value for the key '" + key + "'.");
        }
        return value.asText();
    }

    /** A JSON string literal escaped as Python's json.dumps does with ensure_ascii (the default). */
    static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c >= 0x7f) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
