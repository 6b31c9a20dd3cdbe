package org.rlanything.core;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/** The generative judge: writes reasoning and a verdict for a step, m times; trained by RL. */
public interface RewardModel {

    /**
     * Judges each request {@code m} times. Returns one list of {@code m} judgments per request, in
     * order. {@code rngs.get(i)} is the only randomness for request i.
     */
    List<List<Judgment>> judge(List<JudgeRequest> requests, int m, List<RandomGenerator> rngs);

    /** Updates the reward model from one iteration's samples. Called only with a non-empty list. */
    UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng);

    /**
     * A judgment of {@code request} in the words of {@code example}, one of this model's own
     * judgments of another step, to train it towards a verdict it did not write here (a person's
     * correction, method.md "Corrections"); empty where the backend can only train what it sampled
     * (the default). The returned judgment must be accepted by {@link #update}.
     */
    default Optional<Judgment> teach(JudgeRequest request, Judgment example) {
        return Optional.empty();
    }

    /**
     * Refuses a {@link #judge} call whose generators are not one per request (the message names
     * both counts).
     */
    static void requireOneGeneratorPerRequest(
            List<JudgeRequest> requests, List<RandomGenerator> rngs) {
        if (requests.size() != rngs.size()) {
            throw new IllegalArgumentException(
                    "Got " + requests.size() + " requests but " + rngs.size() + " generators.");
        }
    }
}
