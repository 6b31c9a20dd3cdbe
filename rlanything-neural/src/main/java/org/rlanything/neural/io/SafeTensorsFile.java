package org.rlanything.neural.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An open safetensors file whose tensors are read on demand, so that a file of any size (a model's
 * weights, several GiB) is read without a whole-file Java array. Opening reads and validates the
 * header only (as {@link SafeTensors#parse} does: length, JSON, dtypes, each byte range against its
 * shape, ranges tiling the data exactly, the file's size); each {@link Tensor} then reads its bytes
 * with positional reads into a reusable direct buffer (streamed reading: the bytes pass through
 * once and nothing of the file stays resident, unlike a memory map whose pages count as the
 * process's memory until the map is collected). Close it when done.
 */
public final class SafeTensorsFile implements AutoCloseable {

    private final Path file;
    private final FileChannel channel;
    private final long dataStart;
    private final Map<String, Tensor> tensors;
    private final Map<String, String> metadata;
    private ByteBuffer buffer;

    private SafeTensorsFile(
            Path file, FileChannel channel, long dataStart, SafeTensors.Header header) {
        this.file = file;
        this.channel = channel;
        this.dataStart = dataStart;
        Map<String, Tensor> m = new LinkedHashMap<>();
        header.entries().forEach((name, e) -> m.put(name, new Tensor(name, e)));
        this.tensors = Collections.unmodifiableMap(m);
        this.metadata = Collections.unmodifiableMap(header.metadata());
    }

    /** Opens {@code file} and validates its header. */
    public static SafeTensorsFile open(Path file) throws CheckpointException {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new CheckpointException(
                    "The safetensors file " + file + " cannot be read: " + e.getMessage(), e);
        }
        try {
            long size = channel.size();
            if (size < 8) {
                throw new CheckpointException(
                        "The safetensors file "
                                + file
                                + " is truncated: it has "
                                + size
                                + " bytes, fewer than the 8-byte header length.");
            }
            ByteBuffer length = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            readFully(channel, length, 0);
            long headerLength = length.getLong(0);
            if (headerLength < 2
                    || headerLength > SafeTensors.MAX_HEADER
                    || headerLength > size - 8) {
                throw new CheckpointException(
                        "The safetensors file "
                                + file
                                + " declares a header of "
                                + headerLength
                                + " bytes but has only "
                                + (size - 8)
                                + " bytes after the length field; it is truncated or corrupt.");
            }
            ByteBuffer json = ByteBuffer.allocate((int) headerLength);
            readFully(channel, json, 8);
            SafeTensors.Header header =
                    SafeTensors.header(
                            new String(json.array(), StandardCharsets.UTF_8),
                            size - 8 - headerLength,
                            file.toString());
            return new SafeTensorsFile(file, channel, 8 + headerLength, header);
        } catch (CheckpointException | RuntimeException e) {
            close(channel);
            throw e;
        } catch (IOException e) {
            close(channel);
            throw new CheckpointException(
                    "The safetensors file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The tensors in header order. */
    public Map<String, Tensor> tensors() {
        return tensors;
    }

    /** The {@code __metadata__} map (empty when absent). */
    public Map<String, String> metadata() {
        return metadata;
    }

    /** The file. */
    public Path file() {
        return file;
    }

    @Override
    public void close() {
        close(channel);
    }

    /** One tensor of the file, read when streamed. */
    public final class Tensor implements StoredTensor {

        private final String name;
        private final SafeTensors.Entry entry;

        private Tensor(String name, SafeTensors.Entry entry) {
            this.name = name;
            this.entry = entry;
        }

        @Override
        public String dtype() {
            return entry.dtype();
        }

        @Override
        public long[] shape() {
            return entry.shape().clone();
        }

        /** The file this tensor is read from. */
        public Path file() {
            return file;
        }

        @Override
        public void stream(long maxBytes, ChunkSink sink) throws IOException {
            synchronized (SafeTensorsFile.this) {
                streamLocked(maxBytes, sink);
            }
        }

        private void streamLocked(long maxBytes, ChunkSink sink) throws IOException {
            long rowBytes = StoredTensor.rowBytes(entry.shape(), entry.dtype());
            long rows = StoredTensor.rows(entry.shape());
            long perChunk = StoredTensor.rowsPerChunk(entry.shape(), entry.dtype(), maxBytes);
            ByteBuffer buffer = buffer((int) Math.min(byteSize(), perChunk * rowBytes));
            for (long row = 0; row < rows; row += perChunk) {
                long n = Math.min(perChunk, rows - row);
                buffer.clear().limit((int) (n * rowBytes));
                readFully(channel, buffer, dataStart + entry.begin() + row * rowBytes);
                buffer.flip();
                sink.accept(buffer, row, n);
            }
        }

        /** The tensor's bytes in memory (for tensors under 2 GiB). */
        public TensorData load() throws CheckpointException {
            if (byteSize() > Integer.MAX_VALUE - 8) {
                throw new CheckpointException(
                        "The tensor \""
                                + name
                                + "\" of "
                                + file
                                + " has "
                                + byteSize()
                                + " bytes, more than one Java array holds.");
            }
            ByteBuffer bytes = ByteBuffer.allocate((int) byteSize());
            try {
                readFully(channel, bytes, dataStart + entry.begin());
            } catch (IOException e) {
                throw new CheckpointException(
                        "The safetensors file " + file + " cannot be read: " + e.getMessage(), e);
            }
            return new TensorData(entry.dtype(), entry.shape(), bytes.array());
        }

        @Override
        public String toString() {
            return name + " " + entry.dtype() + " " + java.util.Arrays.toString(entry.shape());
        }
    }

    /**
     * The file's one read buffer, grown as needed: a direct buffer per tensor would stay resident
     * until the garbage collector ran.
     */
    private ByteBuffer buffer(int bytes) {
        if (buffer == null || buffer.capacity() < bytes) {
            buffer =
                    ByteBuffer.allocateDirect(Math.max(bytes, 1 << 20))
                            .order(ByteOrder.LITTLE_ENDIAN);
        }
        return buffer;
    }

    private static void readFully(FileChannel channel, ByteBuffer into, long position)
            throws IOException {
        long at = position;
        while (into.hasRemaining()) {
            int n = channel.read(into, at);
            if (n < 0) {
                throw new IOException("unexpected end of file at byte " + at);
            }
            at += n;
        }
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was written; a failed close of a read-only channel loses nothing
        }
    }
}
