package org.rlanything.core.imitation;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A policy kind that can learn from a demonstrator's commands (behaviour cloning) before RL: the
 * {@link Imitation} loop hands it every demonstration gathered so far and measures it afterwards.
 * The policy sizes its own training from the data (passes over the demonstrations, its batch, its
 * model's size), continuing from its current weights.
 */
public interface Imitable {

    /**
     * Trains toward {@code demonstrations}' commands; random choices (batch order) come from {@code
     * rng}. Called with a non-empty list.
     */
    ImitationFit imitate(List<Demonstration> demonstrations, RandomGenerator rng);

    /**
     * What one call of {@link Imitable#imitate} did.
     *
     * @param steps optimizer steps taken
     * @param loss the mean negative log-likelihood of the demonstrated commands after training
     * @param agreement the fraction of demonstrations whose most likely command is the
     *     demonstrator's, after training
     */
    record ImitationFit(int steps, double loss, double agreement) {}
}
