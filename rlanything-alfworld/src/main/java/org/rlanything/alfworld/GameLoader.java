package org.rlanything.alfworld;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads {@code game.tw-pddl} files. A path may name the file itself or the folder that holds it.
 */
public final class GameLoader {

    /** The file name ALFWorld gives its game files. */
    public static final String GAME_FILE_NAME = "game.tw-pddl";

    private static final ObjectMapper JSON = new ObjectMapper();

    private GameLoader() {}

    /** Reads and compiles the game at {@code path} (the file or its folder). */
    public static AlfworldGame load(Path path) throws IOException {
        return AlfworldGame.compile(read(path));
    }

    /** Reads the raw game text at {@code path} (the file or its folder) without compiling it. */
    public static GameFile read(Path path) throws IOException {
        Path file = resolve(path);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            // e.g. a gzipped or binary file: the JDK's own message is only "Input length = 1"
            throw new MalformedGameException(
                    file.toString(),
                    "its bytes",
                    "it is not UTF-8 text (a compressed or binary file?); give the uncompressed game.tw-pddl.");
        }
        return parse(text, file.toString());
    }

    /** Resolves a game path: a folder resolves to its {@value #GAME_FILE_NAME}. */
    public static Path resolve(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            Path inside = path.resolve(GAME_FILE_NAME);
            if (!Files.isRegularFile(inside)) {
                throw new NoSuchFileException(
                        inside.toString(),
                        null,
                        "The folder " + path + " holds no " + GAME_FILE_NAME + " file.");
            }
            return inside;
        }
        if (!Files.isRegularFile(path)) {
            throw new NoSuchFileException(
                    path.toString(), null, "No game file or folder exists at " + path + ".");
        }
        return path;
    }

    /** Parses the JSON text of a game file; {@code source} names it in error messages. */
    public static GameFile parse(String jsonText, String source) throws MalformedGameException {
        JsonNode root;
        try {
            root = JSON.readTree(jsonText);
        } catch (JsonProcessingException e) {
            throw new MalformedGameException(
                    source,
                    "the JSON text",
                    "it is not valid JSON (" + e.getOriginalMessage() + ").");
        }
        if (root == null || !root.isObject()) {
            throw new MalformedGameException(source, "the JSON text", "it is not a JSON object.");
        }
        String domain = textField(root, "pddl_domain", source);
        String grammar = textField(root, "grammar", source);
        String problem = textField(root, "pddl_problem", source);
        boolean solvable = true;
        JsonNode flag = root.get("solvable");
        if (flag != null && !flag.isNull()) {
            if (!flag.isBoolean()) {
                throw new MalformedGameException(
                        source, "the field \"solvable\"", "it is not a boolean.");
            }
            solvable = flag.booleanValue();
        }
        return new GameFile(source, domain, grammar, problem, solvable);
    }

    private static String textField(JsonNode root, String name, String source)
            throws MalformedGameException {
        JsonNode node = root.get(name);
        if (node == null || node.isNull()) {
            throw new MalformedGameException(
                    source, "the field \"" + name + "\"", "it is missing.");
        }
        if (!node.isTextual()) {
            throw new MalformedGameException(
                    source, "the field \"" + name + "\"", "it is not a string.");
        }
        return node.textValue();
    }
}
