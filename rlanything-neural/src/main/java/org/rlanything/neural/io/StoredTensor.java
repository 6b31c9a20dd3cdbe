package org.rlanything.neural.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A tensor whose little-endian bytes are passed on in row-aligned chunks rather than held in one
 * Java array: a Java array tops out near 2 GiB, and a model's weights do not fit the heap. Rows are
 * the slices along the first dimension (a 1-D tensor's rows are its elements, a scalar is one row),
 * so a chunk of a matrix is a block of whole rows that can become an array of its own.
 * Implementations: {@link TensorData} (bytes in memory), a tensor of an open {@link
 * SafeTensorsFile} (read from the file as it goes) and the model's arrays (converted block by
 * block).
 */
public interface StoredTensor {

    /** Receives one chunk; the buffer is valid only during the call. */
    @FunctionalInterface
    interface ChunkSink {
        void accept(ByteBuffer chunk, long firstRow, long rows) throws IOException;
    }

    /** The safetensors dtype ({@code F32}, {@code BF16}, ...). */
    String dtype();

    /** The dimensions (empty for a scalar). */
    long[] shape();

    /** Passes every byte, in order, in chunks of whole rows of at most {@code maxBytes} bytes. */
    void stream(long maxBytes, ChunkSink sink) throws IOException;

    /** The number of bytes. */
    default long byteSize() {
        return TensorData.elementCount(shape()) * TensorData.elementSize(dtype());
    }

    /** Bytes per row (the whole tensor for a scalar). */
    static long rowBytes(long[] shape, String dtype) {
        long n = TensorData.elementSize(dtype);
        for (int i = 1; i < shape.length; i++) {
            n = Math.multiplyExact(n, shape[i]);
        }
        return n;
    }

    /** Rows (1 for a scalar). */
    static long rows(long[] shape) {
        return shape.length == 0 ? 1 : shape[0];
    }

    /** Rows per chunk of at most {@code maxBytes} bytes (at least one). */
    static long rowsPerChunk(long[] shape, String dtype, long maxBytes) {
        return Math.max(1, maxBytes / Math.max(1, rowBytes(shape, dtype)));
    }
}
