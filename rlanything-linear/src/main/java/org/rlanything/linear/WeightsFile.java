package org.rlanything.linear;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.io.AtomicFiles;

/**
 * A linear model's weights as one JSON file:
 *
 * <pre>{@code
 * {"format": "rlanything-linear", "version": 1, "role": "policy" | "judge",
 *  "features": [NAME, ...], "weights": [W, ...],
 *  "optimizer": {"kind": "ADAM" | "SGD", "steps": T, "first": [...], "second": [...]}}
 * }</pre>
 *
 * One weight per feature name, in order; doubles are written in their shortest round-trip form, so
 * a file read back gives the same bits. The file is written with {@link AtomicFiles#write} (a
 * forced temporary sibling renamed into place). Reading checks every part and throws an {@link
 * IOException} naming the file before anything is used. JSON (not safetensors) because the
 * project's safetensors writer lives in the neural module, which this module does not depend on.
 */
public final class WeightsFile {

    /** The format's name. */
    public static final String FORMAT = "rlanything-linear";

    /** Its version. */
    public static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    private WeightsFile() {}

    /**
     * The file's contents.
     *
     * @param role {@code policy} or {@code judge}
     * @param features the feature names
     * @param weights one weight per name
     * @param optimizer the optimizer's state
     */
    public record Contents(
            String role, List<String> features, double[] weights, Optimizer.State optimizer) {}

    /** Writes {@code contents} to {@code file}. */
    public static void write(Path file, Contents contents) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("role", contents.role());
        ArrayNode names = root.putArray("features");
        contents.features().forEach(names::add);
        numbers(root.putArray("weights"), contents.weights());
        ObjectNode opt = root.putObject("optimizer");
        opt.put("kind", contents.optimizer().kind().name());
        opt.put("steps", contents.optimizer().steps());
        numbers(opt.putArray("first"), contents.optimizer().first());
        numbers(opt.putArray("second"), contents.optimizer().second());
        AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }

    private static void numbers(ArrayNode array, double[] values) {
        for (double v : values) {
            array.add(v);
        }
    }

    /** Reads {@code file}, refusing one of another format, version or role. */
    public static Contents read(Path file, String role) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new IOException("The weights file " + file + " is missing.", e);
        } catch (IOException e) {
            throw new IOException(
                    "The weights file "
                            + file
                            + " is not JSON (truncated or corrupt?): "
                            + e.getMessage(),
                    e);
        }
        if (root == null
                || !FORMAT.equals(root.path("format").asText())
                || root.path("version").asInt(-1) != VERSION) {
            throw new IOException(
                    "The weights file "
                            + file
                            + " is not a "
                            + FORMAT
                            + " version "
                            + VERSION
                            + " file.");
        }
        if (!role.equals(root.path("role").asText())) {
            throw new IOException(
                    "The weights file "
                            + file
                            + " holds a "
                            + root.path("role").asText()
                            + "'s weights, expected a "
                            + role
                            + "'s.");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode n : root.path("features")) {
            names.add(n.asText());
        }
        double[] weights = doubles(file, root.path("weights"), "weights");
        if (weights.length != names.size() || names.isEmpty()) {
            throw new IOException(
                    "The weights file "
                            + file
                            + " has "
                            + weights.length
                            + " weights for "
                            + names.size()
                            + " features: truncated or corrupt.");
        }
        JsonNode opt = root.path("optimizer");
        Optimizer.Kind kind;
        try {
            kind = Optimizer.Kind.valueOf(opt.path("kind").asText());
        } catch (IllegalArgumentException e) {
            throw new IOException(
                    "The weights file " + file + " names no known optimizer (ADAM or SGD).", e);
        }
        double[] first = doubles(file, opt.path("first"), "optimizer.first");
        double[] second = doubles(file, opt.path("second"), "optimizer.second");
        long steps = opt.path("steps").asLong(-1);
        if (first.length != weights.length || second.length != weights.length || steps < 0) {
            throw new IOException(
                    "The weights file " + file + " has an optimizer state of the wrong size.");
        }
        return new Contents(
                role, List.copyOf(names), weights, new Optimizer.State(kind, steps, first, second));
    }

    private static double[] doubles(Path file, JsonNode array, String key) throws IOException {
        if (!array.isArray()) {
            throw new IOException("The weights file " + file + " has no array '" + key + "'.");
        }
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode n = array.get(i);
            if (!n.isNumber() || !Double.isFinite(n.asDouble())) {
                throw new IOException(
                        "The weights file "
                                + file
                                + " has a value that is not a finite number at "
                                + key
                                + "["
                                + i
                                + "].");
            }
            out[i] = n.asDouble();
        }
        return out;
    }
}
