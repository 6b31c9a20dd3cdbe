package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;

/** Builds the token, position and mask arrays {@link LlamaModel#forward} takes. */
public final class Inputs {

    private Inputs() {}

    /** An int64 array {@code [rows, width]} from row-major values. */
    public static NDArray longs(NDManager m, long[] values, int rows, int width) {
        return m.create(values, new Shape(rows, width));
    }

    /** Causal mask {@code [1, 1, T, T]} for right-padded rows that all start at position 0. */
    public static NDArray causal(NDManager m, DataType dtype, int t) {
        double[] v = new double[t * t];
        for (int i = 0; i < t; i++) {
            for (int j = i + 1; j < t; j++) {
                v[i * t + j] = LlamaModel.MASKED;
            }
        }
        return typed(m.create(v, new Shape(1, 1, t, t)), dtype);
    }

    /**
     * Mask {@code [B, 1, T, past + T]} for T new positions after {@code past} cached ones: query i
     * of row b may see key j when {@code j <= past + i} and {@code keyValid[b][j]} (false for
     * padding).
     *
     * <p>Built natively as the sum of a per-row key mask {@code [B, 1, 1, S]} and one causal mask
     * {@code [1, 1, T, S]}, so Java fills B·S + T·S values instead of B·T·S. A key masked twice
     * gets 2·MASKED; either way its softmax weight is exactly 0 for every query that sees a valid
     * key.
     */
    public static NDArray padded(
            NDManager m, DataType dtype, boolean[][] keyValid, int past, int t) {
        int b = keyValid.length;
        int s = past + t;
        float[] keys = new float[b * s];
        for (int r = 0; r < b; r++) {
            for (int j = 0; j < s; j++) {
                keys[r * s + j] = keyValid[r][j] ? 0f : (float) LlamaModel.MASKED;
            }
        }
        float[] causal = new float[t * s];
        for (int i = 0; i < t; i++) {
            for (int j = past + i + 1; j < s; j++) {
                causal[i * s + j] = (float) LlamaModel.MASKED;
            }
        }
        try (NDArray keyMask = typed(m.create(keys, new Shape(b, 1, 1, s)), dtype);
                NDArray causalMask = typed(m.create(causal, new Shape(1, 1, t, s)), dtype)) {
            return keyMask.add(causalMask);
        }
    }

    private static NDArray typed(NDArray a, DataType dtype) {
        if (a.getDataType() == dtype) {
            return a;
        }
        return a.toType(dtype, false);
    }
}
