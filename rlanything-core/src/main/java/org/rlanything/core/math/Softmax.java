package org.rlanything.core.math;

/**
 * The softmax of logits, for the kinds that choose among a few commands by hand-written linear or
 * tabular models (the neural kinds take theirs from the engine).
 *
 * <p>How: the largest logit is subtracted before exponentiating, so no exponent overflows; the
 * result sums to 1.
 */
public final class Softmax {

    private Softmax() {}

    /** softmax(logits), a new array. */
    public static double[] of(double[] logits) {
        double max = Double.NEGATIVE_INFINITY;
        for (double l : logits) {
            max = Math.max(max, l);
        }
        double[] p = new double[logits.length];
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            p[i] = Math.exp(logits[i] - max);
            sum += p[i];
        }
        for (int i = 0; i < p.length; i++) {
            p[i] /= sum;
        }
        return p;
    }
}
