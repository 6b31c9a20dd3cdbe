package org.rlanything.alfworld;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.rlanything.alfworld.world.MalformedGameException;

/**
 * Reads {@code game.tw-pddl} files. A path may name the file itself or the folder that holds it.
 */
public final class GameLoader {

    /** The file name ALFWorld gives its game files. */
    public static final String GAME_FILE_NAME = "game.tw-pddl";

    /** Text after the game's JSON object and a key given twice are refused, not ignored. */
    private static final ObjectMapper JSON =
            new ObjectMapper()
                    .enable(
                            com.fasterxml.jackson.databind.DeserializationFeature
                                    .FAIL_ON_TRAILING_TOKENS)
                    .enable(
                            com.fasterxml.jackson.core.JsonParser.Feature
                                    .STRICT_DUPLICATE_DETECTION);

    /** The largest game file read (ALFWorld's are tens of kilobytes). */
    static final long MAX_BYTES = 64L << 20;

    private GameLoader() {}

    /** Reads and compiles the game at {@code path} (the file or its folder). */
    public static AlfworldGame load(Path path) throws IOException {
        return AlfworldGame.compile(read(path));
    }

    /** Reads the raw game text at {@code path} (the file or its folder) without compiling it. */
    public static GameFile read(Path path) throws IOException {
        Path file = org.rlanything.core.io.InputFiles.requireFile(resolve(path), "The game file");
        String text;
        try {
            text = org.rlanything.core.io.InputFiles.readText(file, "The game file", MAX_BYTES);
        } catch (IllegalArgumentException e) {
            // e.g. a gzipped or binary file, or a device
            throw new MalformedGameException(
                    file.toString(),
                    "its bytes",
                    e.getMessage().replace("The game file " + file + ", ", "")
                            + " Give the uncompressed game.tw-pddl.");
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
        if (!Files.exists(path)) {
            throw new NoSuchFileException(
                    path.toString(), null, "No game file or folder exists at " + path + ".");
        }
        return path; // a pipe or a device is refused by the reader, naming it
    }

    /** Parses the JSON text of a game file; {@code source} names it in error messages. */
    public static GameFile parse(String jsonText, String source) throws MalformedGameException {
        JsonNode root;
        try {
            root = JSON.readTree(jsonText);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            boolean trailing =
                    e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException
                            && e.getOriginalMessage().startsWith("Trailing token");
            throw new MalformedGameException(
                    source,
                    "the JSON text" + (line > 0 ? " (line " + line + ")" : ""),
                    trailing
                            ? "text follows the game's JSON object; a game file holds one object."
                            : "it is not valid JSON ("
                                    + e.getOriginalMessage()
                                            .replaceAll(" \\(start marker at \\[Source.*", "")
                                    + ").");
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
