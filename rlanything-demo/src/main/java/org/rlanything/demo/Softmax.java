package org.rlanything.demo;

/** Numerically stable softmax and sigmoid for the tabular models. */
final class Softmax {

    private Softmax() {}

    static double[] of(double[] logits) {
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

    static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    static double[][] copy(double[][] table) {
        double[][] copy = new double[table.length][];
        for (int i = 0; i < table.length; i++) {
            copy[i] = table[i].clone();
        }
        return copy;
    }
}
