package org.rlanything.bench;

import java.util.List;
import java.util.Locale;

/**
 * The mean of per-seed differences between two arms and its 95% confidence interval.
 *
 * <p><b>Why paired.</b> Two arms of one seed share the starting models, the task pool and the
 * evaluation seed, so much of the seed-to-seed variation cancels in their difference; the interval
 * is {@code mean ± t(0.975, n−1) · sd / √n} with the sample standard deviation of the n
 * differences. With one seed there is no interval.
 *
 * @param n number of paired seeds
 * @param mean mean difference
 * @param halfWidth half-width of the 95% interval (NaN for n &lt; 2)
 */
public record PairedDifference(int n, double mean, double halfWidth) {

    /**
     * t quantiles at 0.975 for 1..30 degrees of freedom; beyond 30, the normal's 1.96 is close
     * enough.
     */
    private static final double[] T975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042
    };

    public static PairedDifference of(List<Double> differences) {
        int n = differences.size();
        if (n == 0) {
            return new PairedDifference(0, Double.NaN, Double.NaN);
        }
        double mean = differences.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        if (n == 1) {
            return new PairedDifference(1, mean, Double.NaN);
        }
        double ss = 0;
        for (double d : differences) {
            ss += (d - mean) * (d - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = n - 1 <= T975.length ? T975[n - 2] : 1.96;
        return new PairedDifference(n, mean, t * sd / Math.sqrt(n));
    }

    public double low() {
        return mean - halfWidth;
    }

    public double high() {
        return mean + halfWidth;
    }

    /** {@code +0.052 [+0.010, +0.094] (n=5)}, or {@code -} with no pairs. */
    public String format() {
        if (n == 0) {
            return "-";
        }
        if (n == 1) {
            return String.format(Locale.ROOT, "%+.3f (n=1)", mean);
        }
        return String.format(Locale.ROOT, "%+.3f [%+.3f, %+.3f] (n=%d)", mean, low(), high(), n);
    }
}
