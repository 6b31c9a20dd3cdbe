package org.rlanything.neural.checkpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.rlanything.neural.io.CheckpointException;

/**
 * The frozen base model a LoRA checkpoint adapts: its folder (a Hugging Face folder or a
 * checkpoint) and the SHA-256 of its {@code config.json} and weight files, so that a checkpoint is
 * never resumed on another base. Written as {@code lora_base.json} beside the adapters.
 *
 * @param folder the base model's folder (absolute)
 * @param sha256 one digest over config.json and the weight files, in name order
 */
public record LoraBase(Path folder, String sha256) {

    /** The file a LoRA checkpoint names its base in. */
    public static final String FILE = "lora_base.json";

    /** The base in {@code folder}, its files digested now. */
    public static LoraBase of(Path folder) throws IOException {
        Path abs = folder.toAbsolutePath().normalize();
        return new LoraBase(abs, digest(abs));
    }

    /** Checks that the folder still holds the base this was made from. */
    public void verify(String checkpoint) throws CheckpointException {
        String now;
        try {
            now = digest(folder);
        } catch (IOException e) {
            throw new CheckpointException(
                    "The LoRA checkpoint "
                            + checkpoint
                            + " adapts the base model in "
                            + folder
                            + ", which cannot be read: "
                            + e.getMessage(),
                    e);
        }
        if (!now.equals(sha256)) {
            throw new CheckpointException(
                    "The LoRA checkpoint "
                            + checkpoint
                            + " adapts the base model in "
                            + folder
                            + ", but that folder's config.json and weights changed since (SHA-256 "
                            + now
                            + ", expected "
                            + sha256
                            + ").");
        }
    }

    /** The JSON form. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("folder", folder.toString());
        m.put("sha256", sha256);
        return m;
    }

    /** Reads the JSON form; {@code source} names the file in errors. */
    public static LoraBase fromJson(Map<String, Object> m, String source)
            throws CheckpointException {
        if (!(m.get("folder") instanceof String f) || !(m.get("sha256") instanceof String d)) {
            throw new CheckpointException(
                    source + " must hold the base model's \"folder\" and \"sha256\".");
        }
        return new LoraBase(Path.of(f), d);
    }

    private static String digest(Path folder) throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(folder.resolve(Checkpoint.CONFIG));
        try (Stream<Path> list = Files.list(folder)) {
            list.filter(p -> p.getFileName().toString().endsWith(".safetensors"))
                    .filter(p -> !p.getFileName().toString().equals(Checkpoint.OPTIMIZER))
                    .sorted()
                    .forEach(files::add);
        }
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM.", e);
        }
        byte[] buf = new byte[1 << 20];
        for (Path f : files) {
            sha.update(
                    f.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            try (InputStream in = Files.newInputStream(f)) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    sha.update(buf, 0, n);
                }
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
