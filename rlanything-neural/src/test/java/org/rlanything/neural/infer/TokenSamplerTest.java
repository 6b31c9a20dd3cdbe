package org.rlanything.neural.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The nucleus draw built band by band gives the index a sort of every index gives, for the same
 * logits and generator: flat and peaked distributions, ties, weights that underflow to zero, and a
 * real vocabulary's size.
 */
class TokenSamplerTest {

    /** The specification: every index sorted (largest weight first, ties to the smaller index). */
    private static int bySortingEverything(double[] p, double mass, double u) {
        int n = p.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order, (a, b) -> p[a] != p[b] ? Double.compare(p[b], p[a]) : Integer.compare(a, b));
        double kept = 0;
        int keep = 0;
        while (keep < n && kept < mass) {
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

    private static double[] weights(double[] logits, double temperature) {
        double max = Arrays.stream(logits).max().orElseThrow();
        double[] p = new double[logits.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = Math.exp((logits[i] - max) / temperature);
        }
        return p;
    }

    private static double[] logits(SplittableRandom r, int n, int shape) {
        double[] l = new double[n];
        for (int i = 0; i < n; i++) {
            double g = r.nextDouble() * 2 - 1;
            l[i] =
                    switch (shape) {
                        case 0 -> g * 0.05; // a random small model: nearly flat
                        case 1 -> g * 12; // peaked
                        case 2 -> Math.rint(g * 3); // many ties
                        case 3 -> g * 900; // most weights underflow to 0
                        default -> i % 7 == 0 ? Double.NEGATIVE_INFINITY : g; // masked ids
                    };
        }
        if (shape == 4) {
            l[0] = 0.5; // at least one finite logit
        }
        return l;
    }

    @Test
    void theBandedNucleusDrawsWhatSortingEveryIndexDraws() {
        SplittableRandom r = new SplittableRandom(17);
        int compared = 0;
        for (int trial = 0; trial < 600; trial++) {
            int n = 1 + r.nextInt(trial % 10 == 0 ? 5000 : 300);
            int shape = trial % 5;
            double[] p = weights(logits(r, n, shape), 0.3 + r.nextDouble() * 1.5);
            double total = Arrays.stream(p).sum();
            for (double topP : new double[] {0.05, 0.5, 0.9, 0.95, 0.999}) {
                double u = r.nextDouble();
                assertEquals(
                        bySortingEverything(p, topP * total, u),
                        TokenSampler.nucleus(p, topP * total, u),
                        "trial " + trial + ", shape " + shape + ", n " + n + ", top_p " + topP);
                compared++;
            }
        }
        assertEquals(3000, compared);
    }

    @Test
    void weightsOnTheBandsEdgesAndZerosKeepTheirPlace() {
        double[] p = new double[40];
        for (int i = 0; i < p.length; i++) {
            // 1, the bands' edges 2^-4 ... 2^-512, halfway between them, and weights of zero
            p[i] =
                    switch (i % 4) {
                        case 0 -> i == 0 ? 1.0 : Math.scalb(1.0, -(4 << (i / 4 % 8)));
                        case 1 -> Math.scalb(1.0, -(4 << (i / 4 % 8)) - 1);
                        case 2 -> 0.0;
                        default -> Math.scalb(1.0, -(4 << (i / 4 % 8)));
                    };
        }
        double total = Arrays.stream(p).sum();
        for (double share : new double[] {0.5, 0.95, 0.9999, 1.0, 1.5}) {
            for (double u : new double[] {0.0, 0.3, 0.999, 0.999999999}) {
                assertEquals(
                        bySortingEverything(p, share * total, u),
                        TokenSampler.nucleus(p, share * total, u),
                        "mass " + share + " of the total, u " + u);
            }
        }
    }

    @Test
    void aRealVocabularyDrawsTheSameTokens() {
        SplittableRandom r = new SplittableRandom(3);
        for (int shape = 0; shape < 5; shape++) {
            double[] p = weights(logits(r, 151_936, shape), 1.0);
            double total = Arrays.stream(p).sum();
            for (int k = 0; k < 3; k++) {
                double u = r.nextDouble();
                assertEquals(
                        bySortingEverything(p, 0.95 * total, u),
                        TokenSampler.nucleus(p, 0.95 * total, u),
                        "shape " + shape);
            }
        }
    }
}
