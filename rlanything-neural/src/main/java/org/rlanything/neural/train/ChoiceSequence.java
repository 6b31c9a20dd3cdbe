package org.rlanything.neural.train;

import java.util.ArrayList;
import java.util.List;

/**
 * One training sample of a policy that chose among listed candidates: the prompt, every candidate's
 * response tokens, the index of the one it chose, the sampling temperature and the advantage.
 *
 * <p>The trained quantity is the log-probability of the choice under the distribution the policy
 * sampled from: with l_b the sequence log-likelihood of candidate b after the prompt, {@code log
 * π(a) = l_a/τ − logsumexp_b(l_b/τ)}. Its gradient holds the {@code −Σ_b π_b ∇l_b/τ} term that
 * training the chosen response's token log-likelihood alone lacks (method.md §3, applied to the
 * action actually sampled).
 *
 * @param prompt prompt token ids (starting with {@code <bos>})
 * @param candidates each candidate's response token ids (non-empty)
 * @param chosen index of the chosen candidate
 * @param temperature the softmax temperature the choice was sampled at (&gt; 0)
 * @param advantage advantage A
 */
public record ChoiceSequence(
        int[] prompt, List<int[]> candidates, int chosen, double temperature, double advantage)
        implements PpoSample {

    public ChoiceSequence {
        prompt = prompt.clone();
        List<int[]> copy = new ArrayList<>(candidates.size());
        for (int[] c : candidates) {
            if (c.length == 0) {
                throw new IllegalArgumentException("A candidate must hold at least one token.");
            }
            copy.add(c.clone());
        }
        candidates = List.copyOf(copy);
        if (chosen < 0 || chosen >= candidates.size()) {
            throw new IllegalArgumentException(
                    "The chosen index "
                            + chosen
                            + " is not among the "
                            + candidates.size()
                            + " candidates.");
        }
        if (!(temperature > 0) || !Double.isFinite(temperature)) {
            throw new IllegalArgumentException(
                    "The temperature must be finite and > 0, got " + temperature + ".");
        }
        PpoSample.requireFinite(advantage);
    }

    @Override
    public int[] prompt() {
        return prompt.clone();
    }

    int promptLength() {
        return prompt.length;
    }

    int[] promptView() {
        return prompt;
    }

    /**
     * Tokens of the packed row: the prompt, then the candidates' prefix tree (shared prefixes
     * once).
     */
    int packedWidth() {
        return promptLength() + org.rlanything.neural.model.CandidateTrie.of(candidates).size();
    }

    int longestCandidate() {
        int n = 0;
        for (int[] c : candidates) {
            n = Math.max(n, c.length);
        }
        return n;
    }
}
