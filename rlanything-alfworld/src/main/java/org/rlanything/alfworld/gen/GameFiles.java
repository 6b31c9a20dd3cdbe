package org.rlanything.alfworld.gen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.GameLoader;

/**
 * Writes {@code game.tw-pddl} files: a JSON object with the PDDL domain, the TextWorld grammar, the
 * PDDL problem and the {@code solvable} flag, in the layout Python's {@code json.dump} gives
 * ALFWorld's own files (one line, {@code ", "} and {@code ": "} separators, non-ASCII escaped), so
 * equal games are equal bytes. Reading is the engine's {@link GameLoader}.
 */
public final class GameFiles {

    public static final String FILE_NAME = GameLoader.GAME_FILE_NAME;

    private GameFiles() {}

    /** The file's JSON text. */
    public static String toJson(GameFile game) {
        return "{\"pddl_domain\": "
                + quote(game.domain())
                + ", \"grammar\": "
                + quote(game.grammar())
                + ", \"pddl_problem\": "
                + quote(game.problem())
                + ", \"solvable\": "
                + game.solvable()
                + "}";
    }

    /** The file's bytes (UTF-8; the text is ASCII). */
    public static byte[] toBytes(GameFile game) {
        return toJson(game).getBytes(StandardCharsets.UTF_8);
    }

    /** Writes {@code dir/game.tw-pddl}, creating {@code dir}; returns the file. */
    public static Path writeTo(GameFile game, Path dir) {
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(FILE_NAME);
            Files.write(file, toBytes(game));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the game file in " + dir + ".", e);
        }
    }

    /**
     * Whether two games have the same domain, grammar, problem and flag (their sources may differ).
     */
    public static boolean sameContent(GameFile a, GameFile b) {
        return a.domain().equals(b.domain())
                && a.grammar().equals(b.grammar())
                && a.problem().equals(b.problem())
                && a.solvable() == b.solvable();
    }

    /**
     * A JSON string literal escaped as Python's json.dumps does with ensure_ascii (the default).
     */
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
                        out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
