package org.rlanything.gui;

import java.util.List;
import java.util.random.RandomGenerator;

/** Chooses the next GUI action of an episode played outside the training loop (bench, checks). */
@FunctionalInterface
public interface GuiPolicy {

    /**
     * The next command ({@link GuiAction} syntax).
     *
     * @param observation what the page shows now
     * @param legal the legal actions of {@code observation} ({@link LegalActions})
     * @param rng the episode's generator (derived from the episode seed, so a re-run episode draws
     *     the same choices)
     */
    String choose(GuiObservation observation, List<String> legal, RandomGenerator rng);

    /** Uniformly random legal actions: the baseline every page must survive. */
    static GuiPolicy random() {
        return (observation, legal, rng) -> legal.get(rng.nextInt(legal.size()));
    }
}
