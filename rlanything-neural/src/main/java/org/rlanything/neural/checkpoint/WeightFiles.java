package org.rlanything.neural.checkpoint;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.SafeTensorsFile;
import org.rlanything.neural.io.SafeTensorsWriter;
import org.rlanything.neural.io.StoredTensor;

/**
 * A model folder's weight files as Hugging Face lays them out: one {@code model.safetensors}, or
 * shards {@code model-00001-of-0000N.safetensors} of at most {@link #MAX_SHARD} bytes each (the 5
 * GB that {@code save_pretrained} uses by default) listed in {@code model.safetensors.index.json}
 * ({@code metadata.total_size} and a {@code weight_map} from tensor name to shard). Written and
 * read by streaming ({@link SafeTensorsWriter}, {@link SafeTensorsFile}).
 */
public final class WeightFiles {

    /** The largest shard written, in bytes. */
    public static final long MAX_SHARD = 5_000_000_000L;

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private WeightFiles() {}

    /**
     * Writes {@code tensors} into {@code dir} in shards of at most {@code maxShard} bytes (one
     * {@code model.safetensors} when they fit in one); returns each file written (the index
     * included) with its size and digest, by name.
     */
    public static Map<String, SafeTensorsWriter.Written> write(
            Path dir, Map<String, ? extends StoredTensor> tensors, long maxShard)
            throws IOException {
        List<Map<String, StoredTensor>> shards = new ArrayList<>();
        Map<String, StoredTensor> current = new LinkedHashMap<>();
        long size = 0;
        for (Map.Entry<String, ? extends StoredTensor> e : tensors.entrySet()) {
            long bytes = e.getValue().byteSize();
            if (!current.isEmpty() && size + bytes > maxShard) {
                shards.add(current);
                current = new LinkedHashMap<>();
                size = 0;
            }
            current.put(e.getKey(), e.getValue());
            size += bytes;
        }
        shards.add(current);
        Map<String, SafeTensorsWriter.Written> out = new TreeMap<>();
        if (shards.size() == 1) {
            out.put(
                    Checkpoint.MODEL,
                    SafeTensorsWriter.write(
                            dir.resolve(Checkpoint.MODEL), current, Map.of("format", "pt")));
            return out;
        }
        Map<String, String> weightMap = new TreeMap<>();
        long total = 0;
        for (int i = 0; i < shards.size(); i++) {
            String name = String.format("model-%05d-of-%05d.safetensors", i + 1, shards.size());
            out.put(
                    name,
                    SafeTensorsWriter.write(
                            dir.resolve(name), shards.get(i), Map.of("format", "pt")));
            for (Map.Entry<String, StoredTensor> t : shards.get(i).entrySet()) {
                weightMap.put(t.getKey(), name);
                total += t.getValue().byteSize();
            }
        }
        Map<String, Object> index = new LinkedHashMap<>();
        index.put("metadata", Map.of("total_size", total));
        index.put("weight_map", weightMap);
        byte[] bytes = JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(index);
        out.put(HfCheckpoint.INDEX, Checkpoint.writeForced(dir.resolve(HfCheckpoint.INDEX), bytes));
        return out;
    }

    /** A folder's weight files, open; close to release them. */
    public record Opened(
            Map<String, StoredTensor> tensors, String source, List<SafeTensorsFile> files)
            implements AutoCloseable {

        @Override
        public void close() {
            for (SafeTensorsFile f : files) {
                f.close();
            }
        }

        /** The dtype most of the bytes are stored in ({@code BF16}, {@code F32}, ...). */
        public String mainDtype() {
            return WeightFiles.mainDtype(tensors);
        }
    }

    /** The dtype most of {@code tensors}' bytes are stored in. */
    public static String mainDtype(Map<String, ? extends StoredTensor> tensors) {
        Map<String, Long> bytes = new TreeMap<>();
        tensors.values().forEach(t -> bytes.merge(t.dtype(), t.byteSize(), Long::sum));
        return bytes.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse("F32");
    }

    /** Whether {@code dir} holds weight files (one file or an index). */
    public static boolean present(Path dir) {
        return Files.isRegularFile(dir.resolve(Checkpoint.MODEL))
                || Files.isRegularFile(dir.resolve(HfCheckpoint.INDEX));
    }

    /** Opens {@code dir}'s weights (headers validated, values not yet read). */
    public static Opened open(Path dir) throws CheckpointException {
        Path single = dir.resolve(Checkpoint.MODEL);
        if (Files.isRegularFile(single)) {
            SafeTensorsFile f = SafeTensorsFile.open(single);
            return new Opened(
                    Collections.unmodifiableMap(new LinkedHashMap<>(f.tensors())),
                    single.toString(),
                    List.of(f));
        }
        Path index = dir.resolve(HfCheckpoint.INDEX);
        if (!Files.isRegularFile(index)) {
            throw new CheckpointException(
                    "The folder "
                            + dir
                            + " has neither "
                            + Checkpoint.MODEL
                            + " nor "
                            + HfCheckpoint.INDEX
                            + ".");
        }
        Map<String, Object> map;
        try {
            map =
                    JSON.readValue(
                            Files.readAllBytes(index),
                            new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (IOException e) {
            throw new CheckpointException(
                    "The index " + index + " is not valid JSON: " + e.getMessage(), e);
        }
        if (!(map.get("weight_map") instanceof Map<?, ?> weightMap)) {
            throw new CheckpointException("The index " + index + " has no \"weight_map\" object.");
        }
        Map<String, StoredTensor> out = new LinkedHashMap<>();
        List<SafeTensorsFile> files = new ArrayList<>();
        try {
            for (String name :
                    new TreeSet<>(weightMap.values().stream().map(String::valueOf).toList())) {
                if (name.contains("/") || name.contains("\\") || name.startsWith(".")) {
                    throw new CheckpointException(
                            "The index " + index + " names an invalid shard \"" + name + "\".");
                }
                SafeTensorsFile f = SafeTensorsFile.open(dir.resolve(name));
                files.add(f);
                for (Map.Entry<String, SafeTensorsFile.Tensor> t : f.tensors().entrySet()) {
                    if (!name.equals(String.valueOf(weightMap.get(t.getKey())))) {
                        throw new CheckpointException(
                                "The shard "
                                        + dir.resolve(name)
                                        + " holds \""
                                        + t.getKey()
                                        + "\", which "
                                        + index
                                        + " does not assign to it.");
                    }
                    out.put(t.getKey(), t.getValue());
                }
            }
        } catch (CheckpointException | RuntimeException e) {
            files.forEach(SafeTensorsFile::close);
            throw e;
        }
        return new Opened(Collections.unmodifiableMap(out), index.toString(), files);
    }
}
