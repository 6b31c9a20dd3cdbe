package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import org.rlanything.neural.model.LlamaModel;

/**
 * A micro-batch as the PPO trainer sees it: per row, the log-probabilities of what is trained on a
 * grid {@code [rows, width]}, with weights that make each row's weighted sum a mean over its
 * trained positions.
 */
interface PpoBatch {

    int rowCount();

    int width();

    double advantage(int row);

    /** Row-major {@code [rows, width]}: 1/T on the T trained positions of a row, 0 elsewhere. */
    double[] weights();

    /**
     * The differentiable log-probabilities {@code [rows, width]}; {@code entropy[0]} receives the
     * entropy of the distribution behind each position {@code [rows, width]} (for the metrics
     * only).
     */
    NDArray logProbs(LlamaModel model, NDManager m, NDArray[] entropy);

    /** log π_old on the same grid, set once before the update's first optimizer step. */
    double[] old();

    void old(double[] values);

    /**
     * log π_ref, the starting model's, on the same grid (set before the first optimizer step when
     * the trainer has an anchor; null otherwise).
     */
    double[] ref();

    void ref(double[] values);
}
