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
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order, (a, b) -> p[a] != p[b] ? Double.compare(p[b], p[a]) : Integer.compare(a, b));
        double kept = 0;
        int keep = 0;
        while (keep < n && kept < topP * total) {
            kept += p[order[keep++]];
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
