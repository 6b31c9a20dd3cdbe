package org.rlanything.alfworld;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/**
 * Writes ALFWorld tasks as text for checkpoints. A game whose source is a readable game file with
 * the same content is written as a reference, {@code alfworld-file:ID:PATH}; any other game (a
 * rewrite) is written whole, as {@code alfworld-inline:} and the deflated, base64-encoded game
 * JSON. Decoding a reference checks that the file still has the content the id names. Inline
 * encodings are remembered per game (content id and source, at most {@value #REMEMBERED}): a
 * checkpoint re-encodes every slot's tasks, and deflating a pool of 512 generated games each
 * iteration would cost seconds.
 */
public final class AlfworldTaskCodec implements TaskCodec {

    private static final String FILE = "alfworld-file:";
    private static final String INLINE = "alfworld-inline:";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int REMEMBERED = 4096;

    private final Map<String, String> inline =
            Collections.synchronizedMap(
                    new LinkedHashMap<>(64, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                            return size() > REMEMBERED;
                        }
                    });

    @Override
    public String encode(Task task) {
        if (!(task instanceof AlfworldTask)) {
            throw new IllegalArgumentException(
                    "The ALFWorld codec encodes AlfworldTask tasks, not "
                            + (task == null ? "null" : task.getClass().getName())
                            + ".");
        }
        AlfworldGame game = ((AlfworldTask) task).game();
        String source = game.source();
        try {
            Path path = Paths.get(source);
            if (Files.isRegularFile(path) && GameLoader.load(path).id().equals(game.id())) {
                return FILE + game.id() + ":" + source;
            }
        } catch (IOException | RuntimeException e) {
            // not a readable file with this content: write the game whole
        }
        return inline.computeIfAbsent(game.id() + "\n" + source, k -> inline(game.file()));
    }

    private static String inline(GameFile file) {
        ObjectNode node = JSON.createObjectNode();
        node.put("source", file.source());
        node.put("pddl_domain", file.domain());
        node.put("grammar", file.grammar());
        node.put("pddl_problem", file.problem());
        node.put("solvable", file.solvable());
        try {
            return INLINE
                    + Base64.getEncoder().encodeToString(deflate(JSON.writeValueAsBytes(node)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A game could not be written as JSON.", e);
        }
    }

    @Override
    public Task decode(String text) {
        if (text == null) {
            throw new IllegalArgumentException("A null text is not an ALFWorld task.");
        }
        if (text.startsWith(FILE)) {
            String rest = text.substring(FILE.length());
            int colon = rest.indexOf(':');
            if (colon < 0) {
                throw new org.rlanything.core.BadInputException(
                        "'"
                                + brief(text)
                                + "' is not an ALFWorld task reference (expected "
                                + FILE
                                + "ID:PATH).");
            }
            String id = rest.substring(0, colon);
            Path path = Paths.get(rest.substring(colon + 1));
            AlfworldGame game;
            try {
                game = GameLoader.load(path);
            } catch (IOException e) {
                throw new org.rlanything.core.BadInputException(
                        "The task reference "
                                + brief(text)
                                + " cannot be loaded: "
                                + e.getMessage(),
                        e);
            }
            if (!game.id().equals(id)) {
                throw new org.rlanything.core.BadInputException(
                        "The game file "
                                + path
                                + " has changed: its id is "
                                + game.id()
                                + ", the checkpoint expects "
                                + id
                                + ".");
            }
            return new AlfworldTask(game);
        }
        if (text.startsWith(INLINE)) {
            try {
                byte[] json = inflate(Base64.getDecoder().decode(text.substring(INLINE.length())));
                var node = JSON.readTree(json);
                String source = node.path("source").asText("inline game");
                ObjectNode fields = (ObjectNode) node;
                fields.remove("source");
                GameFile file = GameLoader.parse(JSON.writeValueAsString(fields), source);
                return new AlfworldTask(AlfworldGame.compile(file));
            } catch (IllegalArgumentException
                    | DataFormatException
                    | IOException
                    | ClassCastException e) {
                throw new org.rlanything.core.BadInputException(
                        "The inline ALFWorld task "
                                + brief(text)
                                + " is corrupt: "
                                + e.getMessage(),
                        e);
            }
        }
        throw new org.rlanything.core.BadInputException(
                "'"
                        + brief(text)
                        + "' is not an ALFWorld task (expected "
                        + FILE
                        + " or "
                        + INLINE
                        + ").");
    }

    private static String brief(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    private static byte[] deflate(byte[] raw) {
        return CompressedText.deflate(raw, Deflater.BEST_COMPRESSION);
    }

    private static byte[] inflate(byte[] data) throws DataFormatException {
        Inflater inflater = new Inflater();
        inflater.setInput(data);
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length * 8);
        byte[] buffer = new byte[8192];
        try {
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new DataFormatException("the data ends early");
                }
                out.write(buffer, 0, n);
            }
        } finally {
            inflater.end();
        }
        return out.toByteArray();
    }
}
