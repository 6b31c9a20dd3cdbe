package org.rlanything.neural.train;

/**
 * Counters of a trained model, stored in checkpoints so a resumed run continues where it stopped.
 *
 * @param updates completed {@link PpoTrainer#update} calls
 * @param optimizerSteps completed optimizer steps (across updates)
 * @param samplesTrained samples that entered a minibatch
 * @param tokensTrained response tokens that entered a minibatch
 */
public record TrainingState(
        long updates, long optimizerSteps, long samplesTrained, long tokensTrained) {

    public static TrainingState initial() {
        return new TrainingState(0, 0, 0, 0);
    }

    TrainingState plus(long steps, long samples, long tokens) {
        return new TrainingState(
                updates + 1,
                optimizerSteps + steps,
                samplesTrained + samples,
                tokensTrained + tokens);
    }
}
