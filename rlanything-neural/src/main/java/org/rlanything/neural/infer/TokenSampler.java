package org.rlanything.neural.infer;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Draws one index from logits in plain Java (after one bulk copy from the model), at a temperature
 * and with optional nucleus (top-p) filtering. Ties in the nucleus order go to the smaller index,
 * so a draw depends only on the logits and the generator.
 */
public final class TokenSampler {

    private TokenSampler() {}

    /** Draws an index of {@code logits[offset .. offset+n)}. */
    public static int sample(
            double[] logits,
            int offset,
            int n,
            double temperature,
            double topP,
            RandomGenerator rng) {
        if (temperature == 0) {
            int best = 0;
            for (int i = 1; i < n; i++) {
                if (logits[offset + i] > logits[offset + best]) {
                    best = i;
                }
            }
            return best;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, logits[offset + i]);
        }
        double[] p = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            p[i] = Math.exp((logits[offset + i] - max) / temperature);
            total += p[i];
        }
        double u = rng.nextDouble();
        if (topP >= 1) {
            double target = u * total;
            double acc = 0;
            for (int i = 0; i < n; i++) {
                acc += p[i];
                if (acc > target) {
                    return i;
                }
            }
            return lastPositive(p);
        }
        return nucleus(p, topP * total, u);
    }

    /**
     * The nucleus draw: the weights in order (largest first, ties to the smaller index), the
     * shortest prefix whose running sum reaches {@code mass}, and the index at which the running
     * sum passes {@code u} times that prefix's sum.
     *
     * <p>How, and why not one sort: with a real vocabulary (150,000 ids) sorting every index took
     * about 50 ms a token, more than a small model's forward pass. The order is built band by band
     * of weights, [1/16, 1], [1/256, 1/16), [2^-32, 1/256), ... down to 0, each band sorted on its
     * own, and the walk stops in the band where the prefix reaches the mass: a trained model's
     * nucleus lies in the first band or two. The bands come in descending order and each is sorted
     * exactly, so the order, the sums and the draw are the ones a sort of every index gives.
     */
    static int nucleus(double[] p, double mass, double u) {
        int n = p.length;
        int[] order = new int[n];
        int sorted = 0;
        int keep = 0;
        double kept = 0;
        double hi = Double.POSITIVE_INFINITY;
        for (int band = 0; keep < n && kept < mass; band++) {
            double lo = band < 8 ? Math.scalb(1.0, -(4 << band)) : 0.0; // 2^-4, 2^-8, ... 2^-512
            int start = sorted;
            for (int i = 0; i < n; i++) {
                if (p[i] >= lo && p[i] < hi) {
                    order[sorted++] = i;
                }
            }
            sortBand(p, order, start, sorted);
            while (keep < sorted && kept < mass) {
                kept += p[order[keep++]];
            }
            hi = lo;
            if (lo == 0.0) {
                break;
            }
        }
        double target = u * kept;
        double acc = 0;
        for (int k = 0; k < keep; k++) {
            acc += p[order[k]];
            if (acc > target) {
                return order[k];
            }
        }
        return order[keep - 1];
    }

    /**
     * Sorts {@code order[from, to)} by weight, largest first, ties to the smaller index: a
     * primitive sort of keys that hold a weight's high bits and the index (a positive double's bits
     * order as the double does), then the rare runs whose weights share those high bits put in
     * their exact order.
     */
    private static void sortBand(double[] p, int[] order, int from, int to) {
        int m = to - from;
        if (m < 2) {
            return;
        }
        int indexBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(p.length - 1));
        long indexMask = (1L << indexBits) - 1;
        long[] keys = new long[m];
        for (int k = 0; k < m; k++) {
            int i = order[from + k];
            // ascending keys read backwards: weight descending, then index ascending
            keys[k] = (Double.doubleToRawLongBits(p[i]) & ~indexMask) | (indexMask - i);
        }
        Arrays.sort(keys);
        for (int k = 0; k < m; k++) {
            order[from + k] = (int) (indexMask - (keys[m - 1 - k] & indexMask));
        }
        int run = from;
        for (int k = from + 1; k <= to; k++) {
            if (k == to || high(p[order[k]], indexMask) != high(p[order[run]], indexMask)) {
                if (k - run > 1) {
                    exactOrder(p, order, run, k);
                }
                run = k;
            }
        }
    }

    private static long high(double weight, long indexMask) {
        return Double.doubleToRawLongBits(weight) & ~indexMask;
    }

    /** Insertion sort of a short run: weight descending, then index ascending. */
    private static void exactOrder(double[] p, int[] order, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            int i = order[k];
            int j = k - 1;
            while (j >= from && before(p, i, order[j])) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = i;
        }
    }

    private static boolean before(double[] p, int a, int b) {
        return p[a] != p[b] ? p[a] > p[b] : a < b;
    }

    /**
     * Draws an index from unnormalised log-weights (for example sequence log-likelihoods) at a
     * temperature, in double precision. Temperature 0 picks the maximum (first on ties).
     */
    public static int sample(double[] logWeights, double temperature, RandomGenerator rng) {
        double[] logP = logSoftmax(logWeights, temperature);
        if (temperature == 0) {
            for (int i = 0; i < logP.length; i++) {
                if (logP[i] == 0) {
                    return i;
                }
            }
        }
        double u = rng.nextDouble();
        double acc = 0;
        for (int i = 0; i < logP.length; i++) {
            acc += Math.exp(logP[i]);
            if (acc > u) {
                return i;
            }
        }
        return logP.length - 1;
    }

    /** {@code log softmax(logits)[index]} at temperature 1, in double precision. */
    public static double logProb(double[] logits, int offset, int n, int index) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, logits[offset + i]);
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += Math.exp(logits[offset + i] - max);
        }
        return logits[offset + index] - max - Math.log(sum);
    }

    /** Log-softmax of {@code values / temperature} (temperature 0 = one-hot on the maximum). */
    public static double[] logSoftmax(double[] values, double temperature) {
        double[] out = new double[values.length];
        if (temperature == 0) {
            int best = 0;
            for (int i = 1; i < values.length; i++) {
                if (values[i] > values[best]) {
                    best = i;
                }
            }
            Arrays.fill(out, Double.NEGATIVE_INFINITY);
            out[best] = 0;
            return out;
        }
        double max = Arrays.stream(values).max().orElseThrow() / temperature;
        double sum = 0;
        for (double v : values) {
            sum += Math.exp(v / temperature - max);
        }
        double log = max + Math.log(sum);
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] / temperature - log;
        }
        return out;
    }

    private static int lastPositive(double[] p) {
        for (int i = p.length - 1; i >= 0; i--) {
            if (p[i] > 0) {
                return i;
            }
        }
        return 0;
    }
}
