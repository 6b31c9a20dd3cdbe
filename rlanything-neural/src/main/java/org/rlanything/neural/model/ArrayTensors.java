package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.Supplier;
import org.rlanything.neural.io.StoredTensor;

/**
 * Moves tensors between stored bytes ({@link StoredTensor}) and native arrays without a whole
 * tensor in a Java array: reading creates the array block by block from the stored chunks (each
 * block made in its stored dtype from the chunk's bytes, converted, and copied into place), and
 * writing converts the array block by block to the stored dtype. The native array made from a chunk
 * aliases the chunk's memory (PyTorch's {@code from_blob} on CPU), so every block is copied before
 * the chunk's buffer is reused.
 */
public final class ArrayTensors {

    /** The largest block read or written at once. */
    static final long BLOCK = 32L << 20;

    private ArrayTensors() {}

    /** The DJL type of a safetensors dtype. */
    public static DataType dataType(String dtype) {
        return switch (dtype) {
            case "F32" -> DataType.FLOAT32;
            case "F64" -> DataType.FLOAT64;
            case "BF16" -> DataType.BFLOAT16;
            case "F16" -> DataType.FLOAT16;
            case "I64" -> DataType.INT64;
            default ->
                    throw new org.rlanything.core.BadInputException(
                            "The safetensors dtype " + dtype + " is not supported.");
        };
    }

    /** The safetensors dtype of a DJL type. */
    public static String dtype(DataType type) {
        return switch (type) {
            case FLOAT32 -> "F32";
            case FLOAT64 -> "F64";
            case BFLOAT16 -> "BF16";
            case FLOAT16 -> "F16";
            case INT64 -> "I64";
            default -> throw new IllegalArgumentException("No safetensors dtype for " + type + ".");
        };
    }

    /** A new array of {@code type} under {@code manager} holding {@code t}'s values. */
    public static NDArray read(StoredTensor t, NDManager manager, DataType type) {
        long[] shape = t.shape();
        DataType stored = dataType(t.dtype());
        NDArray[] out = {null};
        try {
            t.stream(
                    BLOCK,
                    (chunk, row, rows) -> {
                        long[] blockShape = shape.clone();
                        if (blockShape.length > 0) {
                            blockShape[0] = rows;
                        }
                        try (NDManager scratch = manager.newSubManager()) {
                            NDArray block = block(scratch, chunk, new Shape(blockShape), stored);
                            // a copy in the engine's own memory: the block's lives in a Java
                            // direct buffer, which counts against the heap's limit
                            NDArray converted =
                                    block.getDataType() == type
                                            ? block.duplicate()
                                            : block.toType(type, true);
                            if (rows == StoredTensor.rows(shape)) {
                                converted.attach(manager);
                                out[0] = converted;
                            } else {
                                if (out[0] == null) {
                                    out[0] = manager.create(new Shape(shape), type);
                                }
                                out[0].set(new NDIndex("{}:{}", row, row + rows), converted);
                            }
                        }
                    });
        } catch (IOException e) {
            if (out[0] != null) {
                out[0].close();
            }
            throw new UncheckedIOException(e);
        }
        if (out[0] == null) {
            out[0] = manager.zeros(new Shape(shape), type);
        }
        return out[0];
    }

    /** A view that streams {@code a} as {@code dtype} (converted block by block when written). */
    public static StoredTensor view(NDArray a, String dtype) {
        return new View(() -> a, a.getShape().getShape(), dtype, false);
    }

    /**
     * A view of an array computed when written ({@code compute} returns a new array, closed after
     * writing): a merged projection is made one at a time.
     */
    public static StoredTensor computed(Supplier<NDArray> compute, long[] shape, String dtype) {
        return new View(compute, shape, dtype, true);
    }

    /**
     * A new array of a chunk's values, made through a typed Java buffer (so the engine copies it
     * into memory of its own: the chunk's buffer is reused): F32 and F64 as they are, BF16 and F16
     * widened exactly to float32 on the way.
     */
    private static NDArray block(NDManager m, ByteBuffer chunk, Shape shape, DataType stored) {
        ByteBuffer le = chunk.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        switch (stored) {
            case FLOAT32:
                return m.create(le.asFloatBuffer(), shape);
            case FLOAT64:
                return m.create(le.asDoubleBuffer(), shape);
            case INT64:
                return m.create(le.asLongBuffer(), shape);
            case BFLOAT16:
            case FLOAT16:
                {
                    java.nio.ShortBuffer halves = le.asShortBuffer();
                    java.nio.FloatBuffer out =
                            ByteBuffer.allocateDirect(halves.remaining() * 4)
                                    .order(ByteOrder.nativeOrder())
                                    .asFloatBuffer();
                    boolean bf16 = stored == DataType.BFLOAT16;
                    while (halves.hasRemaining()) {
                        int bits = halves.get() & 0xFFFF;
                        out.put(
                                bf16
                                        ? Float.intBitsToFloat(bits << 16)
                                        : org.rlanything.neural.io.TensorData.halfToFloat(bits));
                    }
                    out.flip();
                    return m.create(out, shape);
                }
            default:
                throw new IllegalArgumentException("No reader for " + stored + ".");
        }
    }

    /**
     * Float32 values as BF16, rounded to nearest even (as PyTorch's conversion does); NaN stays a
     * quiet NaN.
     */
    static ByteBuffer bfloat16(ByteBuffer floats) {
        java.nio.FloatBuffer in = floats.asFloatBuffer();
        ByteBuffer out = ByteBuffer.allocate(in.remaining() * 2).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) {
            int bits = Float.floatToRawIntBits(in.get());
            short half =
                    Float.isNaN(Float.intBitsToFloat(bits))
                            ? (short) ((bits >>> 16) | 0x40)
                            : (short) ((bits + 0x7FFF + ((bits >>> 16) & 1)) >>> 16);
            out.putShort(half);
        }
        return out.flip();
    }

    private record View(Supplier<NDArray> source, long[] shape, String dtype, boolean owned)
            implements StoredTensor {

        @Override
        public long[] shape() {
            return shape.clone();
        }

        @Override
        public void stream(long maxBytes, ChunkSink sink) throws IOException {
            NDArray a = source.get();
            try {
                if (!Arrays.equals(a.getShape().getShape(), shape)) {
                    throw new IllegalStateException(
                            "The array has shape "
                                    + a.getShape()
                                    + ", not "
                                    + Arrays.toString(shape)
                                    + ".");
                }
                DataType type = dataType(dtype);
                long rows = StoredTensor.rows(shape);
                long perChunk = StoredTensor.rowsPerChunk(shape, dtype, maxBytes);
                for (long row = 0; row < rows; row += perChunk) {
                    long n = Math.min(perChunk, rows - row);
                    try (NDManager scratch = a.getManager().newSubManager()) {
                        NDArray block =
                                n == rows || shape.length == 0
                                        ? a.stopGradient()
                                        : a.stopGradient().get(new NDIndex("{}:{}", row, row + n));
                        block.attach(scratch);
                        if (type == DataType.BFLOAT16) {
                            // rounded in Java: the engine's BF16 arrays abort its byte copy
                            NDArray wide = block.toType(DataType.FLOAT32, false);
                            wide.attach(scratch);
                            sink.accept(
                                    bfloat16(wide.toByteBuffer().order(ByteOrder.nativeOrder())),
                                    row,
                                    n);
                            continue;
                        }
                        NDArray converted = block.toType(type, false);
                        converted.attach(scratch);
                        ByteBuffer bytes = converted.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                        sink.accept(bytes, row, n);
                    }
                }
            } finally {
                if (owned) {
                    a.close();
                }
            }
        }
    }
}
