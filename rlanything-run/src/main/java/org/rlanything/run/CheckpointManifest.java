package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;

/**
 * A checkpoint's {@code manifest.json}: every file of the checkpoint, whatever the backend (loop
 * state, tabular tables, neural weights, tokenizers, optimizer state), with its size and SHA-256,
 * and the run it belongs to (the run seed and the hash of the run's config), and its {@link
 * Provenance}. Checked before a checkpoint is loaded, so a changed, cut, added, swapped or foreign
 * file is refused rather than loaded.
 */
public final class CheckpointManifest {

    public static final String FILE = "manifest.json";
    private static final String FORMAT = "rlanything-checkpoint/1";

    /**
     * The run a checkpoint belongs to: its seed and the hash of its config (less
     * trainer.iterations); what a loaded checkpoint is checked against. {@code provenance} (null
     * when only checking) is written too.
     */
    public record Identity(long seed, String configSha256, Provenance provenance) {
        public static Identity of(RunConfig config) {
            return new Identity(config.trainer().seed(), ConfigLoader.identityHash(config), null);
        }

        /** This identity with the provenance that new checkpoints record. */
        public Identity with(Provenance value) {
            return new Identity(seed, configSha256, value);
        }
    }

    private CheckpointManifest() {}

    /**
     * Lists every file under {@code checkpoint} in its manifest, with {@code iteration} and {@code
     * identity}.
     */
    static void write(Path checkpoint, int iteration, Identity identity, JsonNode logs)
            throws IOException {
        ObjectNode root = JsonlLog.JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("iteration", iteration);
        root.put("seed", identity.seed());
        root.put("config_sha256", identity.configSha256());
        if (identity.provenance() != null) {
            identity.provenance().writeTo(root);
        }
        root.put("written_by", RunRecord.WRITTEN_BY);
        root.set("logs", logs);
        ObjectNode files = root.putObject("files");
        for (Map.Entry<String, Path> file : files(checkpoint).entrySet()) {
            ObjectNode entry = files.putObject(file.getKey());
            entry.put("bytes", Files.size(file.getValue()));
            entry.put("sha256", sha256(file.getValue()));
        }
        Files.write(
                checkpoint.resolve(FILE),
                JsonlLog.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }

    /**
     * Checks {@code checkpoint} against its manifest and {@code identity}; throws {@link Damaged}
     * naming what differs. A checkpoint without a manifest is damaged: every checkpoint this
     * version writes has one, and a checkpoint written before manifests existed cannot be checked.
     */
    static void verify(Path checkpoint, int iteration, Identity identity) throws IOException {
        JsonNode root = read(checkpoint);
        if (root.path("iteration").asInt(-1) != iteration) {
            throw new Damaged(
                    FILE
                            + " is the manifest of iteration "
                            + root.path("iteration")
                            + ", not "
                            + iteration);
        }
        Map<String, Path> present = files(checkpoint);
        for (Iterator<Map.Entry<String, JsonNode>> it = root.get("files").fields();
                it.hasNext(); ) {
            Map.Entry<String, JsonNode> listed = it.next();
            Path path = present.remove(listed.getKey());
            if (path == null) {
                throw new Damaged(listed.getKey() + " is missing");
            }
            long bytes = Files.size(path);
            if (bytes != listed.getValue().path("bytes").asLong(-1)) {
                throw new Damaged(
                        listed.getKey()
                                + " has "
                                + bytes
                                + " bytes, the manifest says "
                                + listed.getValue().path("bytes").asLong(-1)
                                + " (cut short or changed)");
            }
            if (!sha256(path).equals(listed.getValue().path("sha256").asText())) {
                throw new Damaged(
                        listed.getKey()
                                + " does not match its SHA-256 in the manifest (changed after it"
                                + " was written)");
            }
        }
        if (!present.isEmpty()) {
            throw new Damaged(
                    String.join(", ", present.keySet())
                            + " not in the manifest (added after it was written)");
        }
        if (root.has("logs") && !root.get("logs").isObject()) {
            throw new Damaged(FILE + " has an unreadable \"logs\" record");
        }
        if (root.path("seed").asLong() != identity.seed()
                || !identity.configSha256().equals(root.path("config_sha256").asText())) {
            throw new Foreign(
                    "it belongs to another run (seed "
                            + root.path("seed").asLong()
                            + ", config "
                            + abbreviate(root.path("config_sha256").asText())
                            + "), not to this run (seed "
                            + identity.seed()
                            + ", config "
                            + abbreviate(identity.configSha256())
                            + ")");
        }
    }

    /** A checkpoint's manifest, read; refused as {@link Damaged} when missing or unreadable. */
    private static JsonNode read(Path checkpoint) throws IOException {
        Path file = checkpoint.resolve(FILE);
        if (!Files.exists(file)) {
            throw new Damaged(
                    FILE
                            + " is missing (every checkpoint "
                            + RunRecord.WRITTEN_BY
                            + " writes has one; without it nothing in the checkpoint can be"
                            + " checked)");
        }
        JsonNode root;
        try {
            root = JsonlLog.STRICT.readTree(Files.readAllBytes(file));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new Damaged(
                    FILE
                            + " is not readable JSON"
                            + (e.getLocation() != null && e.getLocation().getLineNr() > 0
                                    ? " at line " + e.getLocation().getLineNr()
                                    : "")
                            + " ("
                            + JsonlLog.problem(e)
                            + "; cut short or changed)");
        } catch (IOException e) {
            throw new Damaged(FILE + " cannot be read (" + IoErrors.describe(e) + ")");
        }
        if (root == null
                || !FORMAT.equals(root.path("format").asText())
                || !root.path("files").isObject()) {
            throw new Damaged(FILE + " is not a " + FORMAT + " manifest");
        }
        return root;
    }

    /**
     * The logs a checked checkpoint's manifest records (see {@link LogLedger}); null for a manifest
     * written before logs were recorded.
     */
    static JsonNode logs(Path checkpoint) throws IOException {
        JsonNode logs = read(checkpoint).get("logs");
        return logs == null || logs.isNull() ? null : logs;
    }

    private static String abbreviate(String hash) {
        return hash.length() > 12 ? hash.substring(0, 12) : hash;
    }

    /** Every regular file under {@code checkpoint} but the manifest, by relative path with '/'. */
    private static Map<String, Path> files(Path checkpoint) throws IOException {
        Map<String, Path> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(checkpoint)) {
            List<Path> all = new ArrayList<>(walk.filter(Files::isRegularFile).toList());
            for (Path path : all) {
                String name = checkpoint.relativize(path).toString().replace('\\', '/');
                if (!name.equals(FILE)) {
                    files.put(name, path);
                }
            }
        }
        return files;
    }

    static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** A checkpoint whose files differ from its manifest. */
    static class Damaged extends IOException {
        private static final long serialVersionUID = 1L;

        Damaged(String problem) {
            super(problem);
        }
    }

    /** A checkpoint that belongs to another run. */
    static final class Foreign extends Damaged {
        private static final long serialVersionUID = 1L;

        Foreign(String problem) {
            super(problem);
        }
    }
}
