package org.rlanything.neural.infer;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.KvCache;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.StepScope;

/**
 * Per-token log-likelihoods of candidate continuations after shared prompts, encoding each prompt
 * once.
 *
 * <p><b>How.</b> Pass 1 encodes all prompts (left-padded) into a key/value cache and keeps the last
 * position's log-softmax, which scores every candidate's first token. Pass 2 feeds, on each prompt's row,
 * all of its candidates one after the other with a tree mask (each candidate sees the prompt's cache and
 * its own earlier tokens only, at positions continuing the prompt); its outputs score the remaining
 * tokens. Two native forward passes per call, whatever the number of prompts and candidates, and no copy
 * of the prompt's cache per candidate.
 */
public final class CandidateScorer {

    private final LlamaModel model;

    public CandidateScorer(LlamaModel model) {
        this.model = model;
    }

    /**
     * For each prompt i and candidate j of {@code candidates.get(i)}: the log-probability of each token
     * of the candidate given the prompt and the candidate's earlier tokens.
     */
    public List<List<double[]>> score(List<int[]> prompts, List<List<int[]>> candidates) {
        int b = prompts.size();
        if (b != candidates.size()) {
            throw new IllegalArgumentException("Got " + b + " prompts but " + candidates.size() + " candidate lists.");
        }
        if (b == 0) {
            return List.of();
        }
        int p = 0;
        int c = 0;
        int longest = 0;
        for (int i = 0; i < b; i++) {
            if (prompts.get(i).length == 0) {
                throw new IllegalArgumentException("A prompt must hold at least one token (for example <bos>).");
            }
            p = Math.max(p, prompts.get(i).length);
            for (int[] cand : candidates.get(i)) {
                if (cand.length == 0) {
                    throw new IllegalArgumentException("A candidate must hold at least one token.");
                }
                longest = Math.max(longest, cand.length);
                c++;
            }
        }
        if (p + longest > model.config().maxPositions()) {
            throw new IllegalArgumentException("A prompt of " + p + " tokens plus a candidate of " + longest
                    + " tokens exceeds the model's " + model.config().maxPositions() + " positions.");
        }
        int vocab = model.config().vocabSize();
        List<List<double[]>> out = new ArrayList<>();
        try (StepScope scope = new StepScope(model.weights().manager())) {
            NDManager m = scope.manager();
            long[] tok = new long[b * p];
            long[] pos = new long[b * p];
            boolean[][] valid = new boolean[b][p];
            for (int i = 0; i < b; i++) {
                int[] prompt = prompts.get(i);
                int pad = p - prompt.length;
                for (int k = 0; k < prompt.length; k++) {
                    tok[i * p + pad + k] = prompt[k];
                    pos[i * p + pad + k] = k;
                    valid[i][pad + k] = true;
                }
            }
            KvCache cache = new KvCache(model.config().numLayers());
            double[] first;
            try (NDArray tokens = Inputs.longs(m, tok, b, p);
                 NDArray positions = Inputs.longs(m, pos, b, p);
                 NDArray mask = Inputs.padded(m, model.dtype(), valid, 0, p)) {
                first = model.forward(tokens, positions, mask, cache, true).logSoftmax(-1)
                        .toType(DataType.FLOAT64, false).toDoubleArray();
            }
            double[] rest = longest > 1 ? continuations(m, cache, prompts, candidates, valid, c, longest - 1) : null;
            int row = 0;
            for (int i = 0; i < b; i++) {
                List<double[]> perPrompt = new ArrayList<>();
                for (int[] cand : candidates.get(i)) {
                    double[] lp = new double[cand.length];
                    lp[0] = first[i * vocab + cand[0]];
                    for (int k = 1; k < cand.length; k++) {
                        lp[k] = rest[row * (longest - 1) + k - 1];
                    }
                    perPrompt.add(lp);
                    row++;
                }
                out.add(perPrompt);
            }
        }
        return out;
    }

    /**
     * Pass 2: log-probabilities {@code [C, width]} of candidate tokens 1.. given the prompt caches. Each
     * prompt's row feeds all its candidates one after the other (a tree: a candidate's token sees the
     * prompt and its own candidate's earlier tokens, never another candidate), so the prompt's cache is used
     * in place rather than copied once per candidate.
     */
    private double[] continuations(NDManager m, KvCache cache, List<int[]> prompts, List<List<int[]>> candidates,
                                   boolean[][] promptValid, int c, int width) {
        int b = prompts.size();
        int p = promptValid[0].length;
        int g = 0;
        for (List<int[]> group : candidates) {
            int w = 0;
            for (int[] cand : group) {
                w += cand.length - 1;
            }
            g = Math.max(g, w);
        }
        double[] out = new double[c * width];
        if (g == 0) {
            return out;
        }
        int s = p + g;
        long[] tok = new long[b * g];
        long[] pos = new long[b * g];
        long[] target = new long[b * g];
        float[] mask = new float[b * g * s];
        java.util.Arrays.fill(mask, (float) LlamaModel.MASKED);
        for (int i = 0; i < b; i++) {
            int len = prompts.get(i).length;
            int at = 0;
            for (int[] cand : candidates.get(i)) {
                int start = at;
                for (int k = 0; k + 1 < cand.length; k++) {
                    int q = i * g + at;
                    tok[q] = cand[k];
                    target[q] = cand[k + 1];
                    pos[q] = len + k;
                    int row = q * s;
                    for (int key = 0; key < p; key++) {
                        if (promptValid[i][key]) {
                            mask[row + key] = 0f;
                        }
                    }
                    for (int key = start; key <= at; key++) {
                        mask[row + p + key] = 0f;
                    }
                    at++;
                }
            }
            for (int q = at; q < g; q++) {
                mask[(i * g + q) * s + p - 1] = 0f; // padding sees the prompt's last key: defined, never read
            }
        }
        double[] logp;
        try (NDArray tokens = Inputs.longs(m, tok, b, g);
             NDArray positions = Inputs.longs(m, pos, b, g);
             NDArray maskArray = m.create(mask, new Shape(b, 1, g, s)).toType(model.dtype(), false);
             NDArray targets = m.create(target, new Shape(b, g, 1))) {
            logp = model.forward(tokens, positions, maskArray, cache, false).logSoftmax(-1).gather(targets, 2)
                    .toType(DataType.FLOAT64, false).toDoubleArray();
        }
        int row = 0;
        for (int i = 0; i < b; i++) {
            int at = 0;
            for (int[] cand : candidates.get(i)) {
                for (int k = 0; k + 1 < cand.length; k++) {
                    out[row * width + k] = logp[i * g + at++];
                }
                row++;
            }
        }
        return out;
    }
}
