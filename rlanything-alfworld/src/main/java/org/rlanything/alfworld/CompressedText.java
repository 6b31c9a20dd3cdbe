package org.rlanything.alfworld;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * A text kept deflated in memory (game texts are about 100 KiB and compress tenfold). Immutable.
 */
final class CompressedText {

    private final byte[] data;
    private final int length;

    CompressedText(String text) {
        byte[] raw = text.getBytes(StandardCharsets.UTF_8);
        this.data = deflate(raw, Deflater.BEST_SPEED);
        this.length = raw.length;
    }

    /** {@code raw} deflated (zlib format) at compression {@code level}. */
    static byte[] deflate(byte[] raw, int level) {
        Deflater deflater = new Deflater(level);
        deflater.setInput(raw);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 6 + 64);
        byte[] buffer = new byte[8192];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    String text() {
        Inflater inflater = new Inflater();
        inflater.setInput(data);
        byte[] raw = new byte[length];
        try {
            int n = 0;
            while (n < length && !inflater.finished()) {
                n += inflater.inflate(raw, n, length - n);
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException("A compressed game text is corrupt.", e);
        } finally {
            inflater.end();
        }
        return new String(raw, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CompressedText && Arrays.equals(data, ((CompressedText) o).data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data);
    }
}
