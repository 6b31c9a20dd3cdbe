package org.rlanything.linear;

/**
 * Feature rows kept without their zeros: hashed word features fill a few dozen of a thousand
 * buckets, so an imitation's thousands of states fit in memory this way and their dot products cost
 * what the non-zeros cost. Built once from the environment's dense rows (which a remote environment
 * computes over the network), then read many times.
 */
final class SparseRows {

    private final int[][] index;
    private final double[][] value;

    SparseRows(double[][] dense) {
        index = new int[dense.length][];
        value = new double[dense.length][];
        for (int r = 0; r < dense.length; r++) {
            int count = 0;
            for (double v : dense[r]) {
                count += v != 0 ? 1 : 0;
            }
            index[r] = new int[count];
            value[r] = new double[count];
            int k = 0;
            for (int i = 0; i < dense[r].length; i++) {
                if (dense[r][i] != 0) {
                    index[r][k] = i;
                    value[r][k++] = dense[r][i];
                }
            }
        }
    }

    int size() {
        return index.length;
    }

    /** w·φ_r. */
    double dot(double[] w, int r) {
        double sum = 0;
        int[] idx = index[r];
        double[] val = value[r];
        for (int k = 0; k < idx.length; k++) {
            sum += w[idx[k]] * val[k];
        }
        return sum;
    }

    /** g += scale · φ_r. */
    void addTo(double[] g, int r, double scale) {
        int[] idx = index[r];
        double[] val = value[r];
        for (int k = 0; k < idx.length; k++) {
            g[idx[k]] += scale * val[k];
        }
    }
}
