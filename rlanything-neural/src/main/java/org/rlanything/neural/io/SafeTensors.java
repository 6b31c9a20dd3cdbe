package org.rlanything.neural.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.core.io.AtomicFiles;

/**
 * Reads and writes the safetensors format: an unsigned 64-bit little-endian header length, a JSON
 * header mapping each tensor name to {@code dtype}, {@code shape} and {@code data_offsets} (plus an
 * optional {@code __metadata__} map of strings), then the raw little-endian tensor bytes.
 *
 * <p>Reading validates everything before returning anything: the header length against the file
 * size, the JSON, each dtype, that each tensor's byte range matches its shape, and that the ranges
 * tile the data section exactly. Any violation throws a {@link CheckpointException} naming the
 * file.
 */
public final class SafeTensors {

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    static final long MAX_HEADER = 100L << 20;

    private SafeTensors() {}

    /** The file contents: tensors in file order and the metadata map. */
    public record Contents(Map<String, TensorData> tensors, Map<String, String> metadata) {}

    /**
     * Serialises tensors (in the map's order) and metadata to safetensors bytes (for small files;
     * {@link SafeTensorsWriter} streams large ones).
     */
    public static byte[] toBytes(Map<String, TensorData> tensors, Map<String, String> metadata) {
        byte[] header = headerBytes(tensors, metadata);
        long total = header.length;
        for (TensorData t : tensors.values()) {
            total += t.data().length;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(
                    "These tensors need "
                            + total
                            + " bytes, more than one Java array holds; write them with"
                            + " SafeTensorsWriter.");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) total);
        out.writeBytes(header);
        for (TensorData t : tensors.values()) {
            out.writeBytes(t.data());
        }
        return out.toByteArray();
    }

    /** Writes a safetensors file atomically. */
    public static void write(
            Path file, Map<String, TensorData> tensors, Map<String, String> metadata)
            throws IOException {
        AtomicFiles.write(file, toBytes(tensors, metadata));
    }

    /**
     * Reads and fully validates a small safetensors file into memory (adapters, tests); {@link
     * SafeTensorsFile} reads a model's weights as it goes.
     */
    public static Contents read(Path file) throws CheckpointException {
        try (SafeTensorsFile f = SafeTensorsFile.open(file)) {
            Map<String, TensorData> tensors = new LinkedHashMap<>();
            for (Map.Entry<String, SafeTensorsFile.Tensor> e : f.tensors().entrySet()) {
                tensors.put(e.getKey(), e.getValue().load());
            }
            return new Contents(tensors, f.metadata());
        }
    }

    /** Parses and validates safetensors bytes; {@code source} names the file in errors. */
    public static Contents parse(byte[] bytes, String source) throws CheckpointException {
        if (bytes.length < 8) {
            throw new CheckpointException(
                    "The safetensors file "
                            + source
                            + " is truncated: it has "
                            + bytes.length
                            + " bytes, fewer than the 8-byte header length.");
        }
        long headerLength = ByteBuffer.wrap(bytes, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        if (headerLength < 2 || headerLength > MAX_HEADER || headerLength > bytes.length - 8) {
            throw new CheckpointException(
                    "The safetensors file "
                            + source
                            + " declares a header of "
                            + headerLength
                            + " bytes but has only "
                            + (bytes.length - 8)
                            + " bytes after the length field; it is truncated or corrupt.");
        }
        int dataStart = 8 + (int) headerLength;
        Header header =
                header(
                        new String(bytes, 8, (int) headerLength, StandardCharsets.UTF_8),
                        bytes.length - dataStart,
                        source);
        Map<String, TensorData> tensors = new LinkedHashMap<>();
        for (Map.Entry<String, Entry> e : header.entries().entrySet()) {
            Entry t = e.getValue();
            byte[] data =
                    Arrays.copyOfRange(
                            bytes, dataStart + (int) t.begin(), dataStart + (int) t.end());
            tensors.put(e.getKey(), new TensorData(t.dtype(), t.shape(), data));
        }
        return new Contents(tensors, header.metadata());
    }

    /**
     * One tensor's header entry: dtype, shape and its byte range in the data section.
     *
     * @param dtype the safetensors dtype
     * @param shape the dimensions
     * @param begin the first data byte
     * @param end one past the last data byte
     */
    record Entry(String dtype, long[] shape, long begin, long end) {}

    /** A parsed, validated header: tensor entries in header order and the metadata. */
    record Header(Map<String, Entry> entries, Map<String, String> metadata) {}

    /**
     * Parses and validates a header's JSON against {@code dataLength} data bytes: each dtype, each
     * range against its shape, and that the ranges tile the data exactly.
     */
    static Header header(String json, long dataLength, String source) throws CheckpointException {
        Map<String, Object> header;
        try {
            header = JSON.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (IOException e) {
            throw new CheckpointException(
                    "The safetensors file "
                            + source
                            + " has a header that is not valid JSON: "
                            + e.getMessage(),
                    e);
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        List<long[]> ranges = new ArrayList<>();
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : header.entrySet()) {
            if (e.getKey().equals("__metadata__")) {
                readMetadata(e.getValue(), metadata, source);
                continue;
            }
            String name = e.getKey();
            if (!(e.getValue() instanceof Map<?, ?> entry)) {
                throw bad(source, name, "its header entry is not an object");
            }
            Object dtype = entry.get("dtype");
            long[] shape = longs(entry.get("shape"), source, name, "shape");
            long[] offs = checkedOffsets(entry, dtype, shape, dataLength, source, name);
            ranges.add(offs);
            entries.put(name, new Entry((String) dtype, shape, offs[0], offs[1]));
        }
        checkCoverage(ranges, dataLength, source);
        return new Header(entries, metadata);
    }

    /** The header bytes (JSON padded with spaces to a multiple of 8) of tensors and metadata. */
    static byte[] headerBytes(
            Map<String, ? extends StoredTensor> tensors, Map<String, String> metadata) {
        Map<String, Object> header = new LinkedHashMap<>();
        if (!metadata.isEmpty()) {
            header.put("__metadata__", metadata);
        }
        long offset = 0;
        for (Map.Entry<String, ? extends StoredTensor> e : tensors.entrySet()) {
            if (e.getKey().equals("__metadata__")) {
                throw new org.rlanything.core.BadInputException(
                        "\"__metadata__\" is reserved and cannot name a tensor.");
            }
            StoredTensor t = e.getValue();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("dtype", t.dtype());
            entry.put("shape", t.shape());
            entry.put("data_offsets", new long[] {offset, offset + t.byteSize()});
            header.put(e.getKey(), entry);
            offset += t.byteSize();
        }
        byte[] json;
        try {
            json = JSON.writeValueAsBytes(header);
        } catch (IOException e) {
            throw new IllegalStateException("The safetensors header could not be serialised.", e);
        }
        int padded = (json.length + 7) / 8 * 8;
        ByteBuffer out = ByteBuffer.allocate(8 + padded).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(padded).put(json);
        while (out.hasRemaining()) {
            out.put((byte) ' ');
        }
        return out.array();
    }

    /**
     * A tensor's data offsets, checked against its dtype and shape and the data bytes there are.
     */
    private static long[] checkedOffsets(
            Map<?, ?> entry,
            Object dtype,
            long[] shape,
            long dataLength,
            String source,
            String name)
            throws CheckpointException {
        long[] offs = longs(entry.get("data_offsets"), source, name, "data_offsets");
        if (!(dtype instanceof String) || offs.length != 2) {
            throw bad(source, name, "it lacks a dtype string or a pair of data offsets");
        }
        long expected;
        try {
            expected = TensorData.elementCount(shape) * TensorData.elementSize((String) dtype);
        } catch (IllegalArgumentException | ArithmeticException ex) {
            throw bad(source, name, ex.getMessage());
        }
        if (offs[0] < 0 || offs[1] < offs[0] || offs[1] > dataLength) {
            throw bad(
                    source,
                    name,
                    "its bytes "
                            + offs[0]
                            + ".."
                            + offs[1]
                            + " lie outside the "
                            + dataLength
                            + " data bytes (the file is truncated or corrupt)");
        }
        if (offs[1] - offs[0] != expected) {
            throw bad(
                    source,
                    name,
                    "its "
                            + (offs[1] - offs[0])
                            + " bytes do not match "
                            + dtype
                            + " shape "
                            + Arrays.toString(shape)
                            + " ("
                            + expected
                            + " bytes)");
        }
        return offs;
    }

    /** Refuses tensor byte ranges that overlap, leave a gap or do not cover the data bytes. */
    private static void checkCoverage(List<long[]> ranges, long dataLength, String source)
            throws CheckpointException {
        ranges.sort((a, b) -> Long.compare(a[0], b[0]));
        long covered = 0;
        for (long[] r : ranges) {
            if (r[0] != covered) {
                throw new CheckpointException(
                        "The safetensors file "
                                + source
                                + " has tensor byte ranges that overlap or leave a gap at byte "
                                + covered
                                + ".");
            }
            covered = r[1];
        }
        if (covered != dataLength) {
            throw new CheckpointException(
                    "The safetensors file "
                            + source
                            + " has "
                            + dataLength
                            + " data bytes but its tensors cover "
                            + covered
                            + "; it is truncated or has trailing bytes.");
        }
    }

    private static void readMetadata(Object value, Map<String, String> out, String source)
            throws CheckpointException {
        if (!(value instanceof Map<?, ?> map)) {
            throw new CheckpointException(
                    "The safetensors file "
                            + source
                            + " has a __metadata__ entry that is not an object.");
        }
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getValue() instanceof String)) {
                throw new CheckpointException(
                        "The safetensors file "
                                + source
                                + " has metadata \""
                                + e.getKey()
                                + "\" that is not a string.");
            }
            out.put((String) e.getKey(), (String) e.getValue());
        }
    }

    private static long[] longs(Object value, String source, String name, String field)
            throws CheckpointException {
        if (!(value instanceof List<?> list)) {
            throw bad(source, name, "its " + field + " is not a list of integers");
        }
        long[] out = new long[list.size()];
        for (int i = 0; i < out.length; i++) {
            Object v = list.get(i);
            if (!(v instanceof Integer || v instanceof Long)) {
                throw bad(source, name, "its " + field + " is not a list of integers");
            }
            out[i] = ((Number) v).longValue();
        }
        return out;
    }

    private static CheckpointException bad(String source, String name, String why) {
        return new CheckpointException(
                "The safetensors file "
                        + source
                        + " has an invalid tensor \""
                        + name
                        + "\": "
                        + why
                        + ".");
    }
}
