package org.rlanything.neural.infer;

/**
 * One generated response.
 *
 * @param tokens the sampled token ids, including the final end-of-sequence token when one was
 *     sampled
 * @param logProbs each token's log-probability under the model (temperature 1)
 * @param finished whether generation stopped at an end-of-sequence token (false: cut at the length
 *     limit)
 */
public record Generation(int[] tokens, double[] logProbs, boolean finished) {

    public Generation {
        tokens = tokens.clone();
        logProbs = logProbs.clone();
    }

    @Override
    public int[] tokens() {
        return tokens.clone();
    }

    @Override
    public double[] logProbs() {
        return logProbs.clone();
    }

    /** Sum of the token log-probabilities. */
    public double logProb() {
        double s = 0;
        for (double v : logProbs) {
            s += v;
        }
        return s;
    }
}
