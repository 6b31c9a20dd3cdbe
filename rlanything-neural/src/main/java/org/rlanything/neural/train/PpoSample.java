package org.rlanything.neural.train;

/**
 * A sample the PPO trainer can train: a response's tokens ({@link TrainingSequence}) or a choice
 * among listed candidates ({@link ChoiceSequence}).
 */
public sealed interface PpoSample permits TrainingSequence, ChoiceSequence {

    /** The advantage applied to what the sample trains. */
    double advantage();
}
