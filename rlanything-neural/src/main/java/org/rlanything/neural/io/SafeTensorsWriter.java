package org.rlanything.neural.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * Writes a safetensors file by streaming each tensor's chunks to the file (never the whole file in
 * a Java array), computing the file's SHA-256 on the way and forcing it to disk at the end. The
 * file must not exist yet. A tensor holding a NaN or an infinity is refused ({@link
 * FiniteValues.NonFinite}, naming it): no checkpoint of such weights is written.
 */
public final class SafeTensorsWriter {

    /** The largest chunk a tensor passes at once. */
    public static final long CHUNK = 64L << 20;

    private SafeTensorsWriter() {}

    /**
     * What was written.
     *
     * @param bytes the file's size
     * @param sha256 its SHA-256, hex
     */
    public record Written(long bytes, String sha256) {}

    /** Writes {@code tensors} (in the map's order) and {@code metadata} to a new {@code file}. */
    public static Written write(
            Path file, Map<String, ? extends StoredTensor> tensors, Map<String, String> metadata)
            throws IOException {
        MessageDigest sha = sha256();
        long[] total = {0};
        try (FileChannel ch =
                FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            byte[] header = SafeTensors.headerBytes(tensors, metadata);
            sha.update(header);
            writeFully(ch, ByteBuffer.wrap(header));
            total[0] += header.length;
            for (Map.Entry<String, ? extends StoredTensor> e : tensors.entrySet()) {
                long expected = e.getValue().byteSize();
                long before = total[0];
                FiniteValues.checked(e.getValue(), e.getKey(), file.getFileName().toString())
                        .stream(
                                CHUNK,
                                (chunk, row, rows) -> {
                                    sha.update(chunk.duplicate());
                                    total[0] += chunk.remaining();
                                    writeFully(ch, chunk);
                                });
                if (total[0] - before != expected) {
                    throw new IllegalStateException(
                            "The tensor \""
                                    + e.getKey()
                                    + "\" passed "
                                    + (total[0] - before)
                                    + " bytes, not its "
                                    + expected
                                    + ".");
                }
            }
            ch.force(true);
        }
        return new Written(total[0], HexFormat.of().formatHex(sha.digest()));
    }

    private static void writeFully(FileChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM.", e);
        }
    }
}
