package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;

/**
 * Scalar arrays for arithmetic on differentiated paths.
 *
 * <p><b>Why.</b> DJL's {@code NDArray.mul(Number)} (and {@code add}, {@code sub}, {@code div},
 * {@code pow} with a {@code Number}) wraps the number in a temporary array backed by a Java direct
 * buffer and closes it right after the operation. PyTorch's autograd may keep that tensor for the
 * backward pass (a product keeps its other factor), and once the garbage collector frees the buffer
 * the backward pass reads freed memory: gradients silently become wrong (observed: zero gradients
 * for the query and key projections under GC pressure). On any path that is differentiated, use a
 * scalar array from here that stays alive in a manager at least until the backward pass is done.
 */
public final class ScalarArrays {

    private ScalarArrays() {}

    /** A 0-dimensional array of {@code dtype} holding {@code value}, owned by {@code manager}. */
    public static NDArray of(NDManager manager, DataType dtype, double value) {
        if (dtype == DataType.FLOAT64) {
            return manager.create(value);
        }
        if (dtype == DataType.FLOAT32) {
            return manager.create((float) value);
        }
        throw new IllegalArgumentException(
                "ScalarArrays are only needed for FLOAT32 or FLOAT64, got " + dtype + ".");
    }
}
