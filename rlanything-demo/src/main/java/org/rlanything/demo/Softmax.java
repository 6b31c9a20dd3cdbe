package org.rlanything.demo;

/**
 * The sigmoid and a table copy for the tabular models (their softmax is core's {@code Softmax}).
 */
final class Softmax {

    private Softmax() {}

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
