package org.rlanything.neural;

/**
 * The payload of an {@code Action} or {@code Judgment} produced by this module: exactly the tokens the
 * model saw and produced, so the update trains on them rather than on a re-tokenisation.
 *
 * @param prompt the prompt token ids fed to the model (starting with {@code <bos>})
 * @param response the response token ids (ending with {@code <eos>} unless cut at the length limit)
 * @param tokenLogProbs each response token's log-probability under the model (temperature 1)
 * @param promptTruncated true when the rendered prompt exceeded the prompt limit and was cut to its
 *     tail for acting; the update then drops the sample with its advantage (method.md §3)
 * @param choiceLogProb for a choice among admissible commands, the log-probability of the choice under
 *     the tempered softmax over the candidates' sequence log-likelihoods; NaN for free text
 */
public record TokenRecord(int[] prompt, int[] response, double[] tokenLogProbs, boolean promptTruncated,
                          double choiceLogProb) {

    public TokenRecord {
        prompt = prompt.clone();
        response = response.clone();
        tokenLogProbs = tokenLogProbs.clone();
        if (response.length != tokenLogProbs.length) {
            throw new IllegalArgumentException("A token record needs one log-probability per response token, got "
                    + tokenLogProbs.length + " for " + response.length + " tokens.");
        }
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
