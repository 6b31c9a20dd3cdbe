package org.rlanything.neural;

import java.util.List;
import org.rlanything.core.Payload;
import org.rlanything.neural.train.ChoiceSequence;
import org.rlanything.neural.train.PpoSample;
import org.rlanything.neural.train.TrainingSequence;

/**
 * The payload of an {@code Action} or {@code Judgment} produced by this module: exactly the tokens
 * the model saw and produced, so the update trains on them rather than on a re-tokenisation.
 *
 * @param prompt the prompt token ids fed to the model (starting with {@code <bos>})
 * @param response the response token ids (ending with {@code <eos>} unless cut at the length limit)
 * @param tokenLogProbs each response token's log-probability under the model (temperature 1)
 * @param promptTruncated true when the rendered prompt exceeded the prompt limit and was cut to its
 *     tail for acting; the update then drops the sample with its advantage (method.md §3)
 * @param choiceLogProb for a choice among admissible commands, the log-probability of the choice
 *     under the tempered softmax over the candidates' sequence log-likelihoods; NaN for free text
 * @param candidates for a choice, every candidate's response tokens (the chosen one is {@code
 *     response}); empty for free text
 * @param choice the index of the chosen candidate, or -1 for free text
 * @param choiceTemperature the temperature the choice was sampled at (NaN for free text)
 */
public record TokenRecord(
        int[] prompt,
        int[] response,
        double[] tokenLogProbs,
        boolean promptTruncated,
        double choiceLogProb,
        List<int[]> candidates,
        int choice,
        double choiceTemperature)
        implements Payload {

    public TokenRecord {
        prompt = prompt.clone();
        response = response.clone();
        tokenLogProbs = tokenLogProbs.clone();
        candidates = List.copyOf(candidates);
        if (!candidates.isEmpty() && (choice < 0 || choice >= candidates.size())) {
            throw new IllegalArgumentException(
                    "The choice "
                            + choice
                            + " is not among the "
                            + candidates.size()
                            + " candidates.");
        }
        if (response.length != tokenLogProbs.length) {
            throw new IllegalArgumentException(
                    "A token record needs one log-probability per response token, got "
                            + tokenLogProbs.length
                            + " for "
                            + response.length
                            + " tokens.");
        }
    }

    /** A record of free text (no candidates listed). */
    public TokenRecord(
            int[] prompt, int[] response, double[] tokenLogProbs, boolean promptTruncated) {
        this(
                prompt,
                response,
                tokenLogProbs,
                promptTruncated,
                Double.NaN,
                List.of(),
                -1,
                Double.NaN);
    }

    /**
     * What this record trains at {@code advantage}: the recorded choice among the listed
     * candidates, or the recorded free-text tokens.
     */
    public PpoSample sequence(double advantage) {
        if (isChoice()) {
            return new ChoiceSequence(prompt, candidates, choice, choiceTemperature, advantage);
        }
        return new TrainingSequence(prompt, response, advantage);
    }

    /** Whether this records a choice among listed candidates. */
    public boolean isChoice() {
        return !candidates.isEmpty();
    }

    @Override
    public int[] prompt() {
        return prompt.clone();
    }

    @Override
    public int[] response() {
        return response.clone();
    }

    @Override
    public double[] tokenLogProbs() {
        return tokenLogProbs.clone();
    }

    /** The response's sequence log-likelihood (sum of token log-probabilities). */
    public double logProb() {
        double s = 0;
        for (double v : tokenLogProbs) {
            s += v;
        }
        return s;
    }
}
