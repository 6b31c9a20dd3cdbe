package org.rlanything.neural.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Weights must be finite numbers: a tensor holding a NaN or an infinity is refused, naming the
 * tensor, where a model is imported, loaded, or written as a checkpoint. Such weights make every
 * score {@code NaN} and every update meaningless; before, they passed import, scoring and a
 * training iteration without a word.
 *
 * <p>How: the little-endian bytes are read as the dtype's bit patterns; a value is not finite when
 * all its exponent bits are set (F32 {@code 0x7F800000}, F64 {@code 0x7FF0...}, BF16 {@code
 * 0x7F80}, F16 {@code 0x7C00}). Integer dtypes always pass.
 */
public final class FiniteValues {

    private FiniteValues() {}

    /** A tensor holding a value that is not finite. */
    public static final class NonFinite extends CheckpointException {
        private static final long serialVersionUID = 1L;

        NonFinite(String message) {
            super(message);
        }
    }

    /**
     * {@code tensor} as a view whose stream fails with {@link NonFinite} at the first chunk that
     * holds a NaN or an infinity, naming {@code name} and {@code where} (a file or folder).
     */
    public static StoredTensor checked(StoredTensor tensor, String name, String where) {
        if (!isFloat(tensor.dtype())) {
            return tensor;
        }
        return new StoredTensor() {
            @Override
            public String dtype() {
                return tensor.dtype();
            }

            @Override
            public long[] shape() {
                return tensor.shape();
            }

            @Override
            public void stream(long maxBytes, ChunkSink sink) throws IOException {
                long[] seen = {0};
                tensor.stream(
                        maxBytes,
                        (chunk, row, rows) -> {
                            require(chunk, dtype(), name, where, seen[0]);
                            seen[0] += chunk.remaining() / TensorData.elementSize(dtype());
                            sink.accept(chunk, row, rows);
                        });
            }
        };
    }

    /**
     * Refuses {@code bytes} (values of {@code dtype}, the first being element {@code first} of the
     * tensor) when one of them is not finite.
     */
    public static void require(
            ByteBuffer bytes, String dtype, String name, String where, long first)
            throws NonFinite {
        ByteBuffer in = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long index = -1;
        double value = 0;
        switch (dtype) {
            case "F32" -> {
                var values = in.asIntBuffer();
                for (int i = 0; i < values.limit(); i++) {
                    if ((values.get(i) & 0x7F800000) == 0x7F800000) {
                        index = i;
                        value = Float.intBitsToFloat(values.get(i));
                        break;
                    }
                }
            }
            case "F64" -> {
                var values = in.asLongBuffer();
                for (int i = 0; i < values.limit(); i++) {
                    if ((values.get(i) & 0x7FF0000000000000L) == 0x7FF0000000000000L) {
                        index = i;
                        value = Double.longBitsToDouble(values.get(i));
                        break;
                    }
                }
            }
            case "BF16", "F16" -> {
                int exponent = dtype.equals("BF16") ? 0x7F80 : 0x7C00;
                int fraction = dtype.equals("BF16") ? 0x007F : 0x03FF;
                var values = in.asShortBuffer();
                for (int i = 0; i < values.limit(); i++) {
                    int bits = values.get(i) & 0xFFFF;
                    if ((bits & exponent) == exponent) {
                        index = i;
                        value =
                                (bits & fraction) != 0
                                        ? Double.NaN
                                        : (bits & 0x8000) != 0
                                                ? Double.NEGATIVE_INFINITY
                                                : Double.POSITIVE_INFINITY;
                        break;
                    }
                }
            }
            default -> {
                return;
            }
        }
        if (index >= 0) {
            throw new NonFinite(
                    "The tensor \""
                            + name
                            + "\" of "
                            + where
                            + " holds "
                            + (Double.isNaN(value) ? "NaN" : value > 0 ? "+Infinity" : "-Infinity")
                            + " at element "
                            + (first + index)
                            + ": weights must be finite numbers (a training that diverged, or a"
                            + " damaged model).");
        }
    }

    private static boolean isFloat(String dtype) {
        return switch (dtype) {
            case "F32", "F64", "BF16", "F16" -> true;
            default -> false;
        };
    }
}
