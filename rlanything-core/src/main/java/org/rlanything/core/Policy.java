package org.rlanything.core;

import java.util.List;
import java.util.random.RandomGenerator;

/** The agent being trained. Works on batches so that a neural backend can make few large calls. */
public interface Policy {

    /**
     * Samples one action for each context. {@code rngs.get(i)} is the only source of randomness for
     * context i, so results do not depend on how contexts are batched or distributed.
     */
    List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs);

    /**
     * Updates the policy from one iteration's samples (method.md §3). Called only with a non-empty
     * list.
     */
    UpdateStats update(List<PolicySample> samples, RandomGenerator rng);
}
