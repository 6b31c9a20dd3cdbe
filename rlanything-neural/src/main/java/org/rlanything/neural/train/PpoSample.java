package org.rlanything.neural.train;

/**
 * A sample the PPO trainer can train: a response's tokens ({@link TrainingSequence}) or a choice
 * among listed candidates ({@link ChoiceSequence}).
 */
public sealed interface PpoSample permits TrainingSequence, ChoiceSequence {

    /** The advantage applied to what the sample trains. */
    double advantage();

    /** Refuses a sample's advantage that is not finite (NaN or infinite). */
    static void requireFinite(double advantage) {
        if (!Double.isFinite(advantage)) {
            throw new IllegalArgumentException(
                    "A sample's advantage must be finite, got " + advantage + ".");
        }
    }
}
