package org.rlanything.neural.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * One tensor as stored in a safetensors file: dtype name, shape and raw little-endian bytes.
 *
 * @param dtype safetensors dtype: {@code F32}, {@code F64}, {@code I64}, or {@code BF16} / {@code
 *     F16} (read only, as Hugging Face checkpoints often store them)
 * @param shape dimensions (empty for a scalar)
 * @param data raw little-endian values, row-major
 */
public record TensorData(String dtype, long[] shape, byte[] data) implements StoredTensor {

    public TensorData {
        Objects.requireNonNull(dtype, "dtype");
        shape = shape.clone();
        Objects.requireNonNull(data, "data");
        long expected = elementCount(shape) * elementSize(dtype);
        if (expected != data.length) {
            throw new org.rlanything.core.BadInputException(
                    "A "
                            + dtype
                            + " tensor of shape "
                            + Arrays.toString(shape)
                            + " needs "
                            + expected
                            + " bytes, got "
                            + data.length
                            + ".");
        }
    }

    public static TensorData ofFloats(long[] shape, float[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        return new TensorData("F32", shape, b.array());
    }

    public static TensorData ofDoubles(long[] shape, double[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asDoubleBuffer().put(values);
        return new TensorData("F64", shape, b.array());
    }

    public static TensorData ofLongs(long[] shape, long[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(values);
        return new TensorData("I64", shape, b.array());
    }

    /** The values as floats ({@code F32}, or {@code BF16} / {@code F16} widened exactly). */
    public float[] toFloats() {
        if (dtype.equals("BF16") || dtype.equals("F16")) {
            float[] out = new float[data.length / 2];
            ByteBuffer buf = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < out.length; i++) {
                int bits = buf.getShort() & 0xFFFF;
                out[i] =
                        dtype.equals("BF16") ? Float.intBitsToFloat(bits << 16) : halfToFloat(bits);
            }
            return out;
        }
        requireDtype("F32");
        float[] out = new float[data.length / 4];
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
        return out;
    }

    /** The values as doubles ({@code F64} only). */
    public double[] toDoubles() {
        requireDtype("F64");
        double[] out = new double[data.length / 8];
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(out);
        return out;
    }

    /** The values as longs ({@code I64} only). */
    public long[] toLongs() {
        requireDtype("I64");
        long[] out = new long[data.length / 8];
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
        return out;
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    @Override
    public void stream(long maxBytes, ChunkSink sink) throws java.io.IOException {
        long rowBytes = StoredTensor.rowBytes(shape, dtype);
        long rows = StoredTensor.rows(shape);
        long perChunk = StoredTensor.rowsPerChunk(shape, dtype, maxBytes);
        for (long row = 0; row < rows; row += perChunk) {
            long n = Math.min(perChunk, rows - row);
            sink.accept(
                    ByteBuffer.wrap(data, (int) (row * rowBytes), (int) (n * rowBytes))
                            .slice()
                            .order(ByteOrder.LITTLE_ENDIAN),
                    row,
                    n);
        }
    }

    /** Bytes per element of a supported dtype. */
    public static int elementSize(String dtype) {
        switch (dtype) {
            case "BF16":
            case "F16":
                return 2;
            case "F32":
                return 4;
            case "F64":
            case "I64":
                return 8;
            default:
                throw new org.rlanything.core.BadInputException(
                        "The safetensors dtype "
                                + dtype
                                + " is not supported; use F32, F64, I64, BF16 or F16.");
        }
    }

    /** IEEE 754 half precision to float (exact: every half value is a float). */
    public static float halfToFloat(int bits) {
        int sign = (bits >>> 15) << 31;
        int exponent = (bits >>> 10) & 0x1F;
        int mantissa = bits & 0x3FF;
        if (exponent == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F800000 | (mantissa << 13));
        }
        if (exponent == 0) {
            float value = mantissa * 0x1p-24f;
            return sign == 0 ? value : -value;
        }
        return Float.intBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
    }

    static long elementCount(long[] shape) {
        long n = 1;
        for (long d : shape) {
            if (d < 0) {
                throw new org.rlanything.core.BadInputException(
                        "A tensor dimension must be >= 0, got " + Arrays.toString(shape) + ".");
            }
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    private void requireDtype(String wanted) {
        if (!dtype.equals(wanted)) {
            throw new IllegalStateException(
                    "This tensor holds " + dtype + " values, not " + wanted + ".");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TensorData t
                && dtype.equals(t.dtype)
                && Arrays.equals(shape, t.shape)
                && Arrays.equals(data, t.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dtype, Arrays.hashCode(shape), Arrays.hashCode(data));
    }

    @Override
    public String toString() {
        return "TensorData[" + dtype + " " + Arrays.toString(shape) + "]";
    }
}
