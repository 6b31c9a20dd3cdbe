package org.rlanything.core.reward;

/**
 * An inclusive band of task accuracy, {@code low <= acc <= high}, used to choose which tasks feed
 * training data (method.md §2 and §4).
 */
public record AccuracyBand(double low, double high) {

    /** Tolerance for comparing accuracies that are ratios of small integers with decimal bounds. */
    static final double TOLERANCE = 1e-9;

    public AccuracyBand {
        if (!(low >= 0 && high <= 1 && low <= high)) {
            throw new IllegalArgumentException(
                    "An accuracy band needs 0 <= low <= high <= 1, got ["
                            + low
                            + ", "
                            + high
                            + "].");
        }
    }

    /** Every accuracy. */
    public static AccuracyBand all() {
        return new AccuracyBand(0, 1);
    }

    public boolean contains(double accuracy) {
        return accuracy >= low - TOLERANCE && accuracy <= high + TOLERANCE;
    }
}
