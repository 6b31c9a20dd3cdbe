package org.rlanything.neural.infer;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.neural.model.CandidateTrie;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.KvCache;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.StepScope;

/**
 * Per-token log-likelihoods of candidate continuations after shared prompts, encoding each prompt
 * once.
 *
 * <p><b>How.</b> Pass 1 encodes all prompts (left-padded) into a key/value cache and keeps the last
 * position's log-softmax, which scores every candidate's first token. Pass 2 feeds, on each
 * prompt's row, the inner nodes of its candidates' prefix tree ({@link CandidateTrie}: a prefix
 * several candidates share is fed once) with a tree mask (a node sees the prompt's cache, its
 * ancestors and itself, at positions continuing the prompt); each fed node's output scores its
 * children's tokens. Two native forward passes per call, whatever the number of prompts and
 * candidates, and no copy of the prompt's cache per candidate.
 */
public final class CandidateScorer {

    private final LlamaModel model;

    public CandidateScorer(LlamaModel model) {
        this.model = model;
    }

    /**
     * For each prompt i and candidate j of {@code candidates.get(i)}: the log-probability of each
     * token of the candidate given the prompt and the candidate's earlier tokens.
     */
    public List<List<double[]>> score(List<int[]> prompts, List<List<int[]>> candidates) {
        int b = prompts.size();
        if (b != candidates.size()) {
            throw new IllegalArgumentException(
                    "Got " + b + " prompts but " + candidates.size() + " candidate lists.");
        }
        if (b == 0) {
            return List.of();
        }
        int p = 0;
        int longest = 0;
        for (int i = 0; i < b; i++) {
            if (prompts.get(i).length == 0) {
                throw new IllegalArgumentException(
                        "A prompt must hold at least one token (for example <bos>).");
            }
            p = Math.max(p, prompts.get(i).length);
            for (int[] cand : candidates.get(i)) {
                if (cand.length == 0) {
                    throw new IllegalArgumentException("A candidate must hold at least one token.");
                }
                longest = Math.max(longest, cand.length);
            }
        }
        if (p + longest > model.config().maxPositions()) {
            throw new IllegalArgumentException(
                    "A prompt of "
                            + p
                            + " tokens plus a candidate of "
                            + longest
                            + " tokens exceeds the model's "
                            + model.config().maxPositions()
                            + " positions.");
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
                first =
                        model.forward(tokens, positions, mask, cache, true)
                                .logSoftmax(-1)
                                .toType(DataType.FLOAT64, false)
                                .toDoubleArray();
            }
            List<CandidateTrie> tries = new ArrayList<>(b);
            for (List<int[]> group : candidates) {
                tries.add(CandidateTrie.of(group));
            }
            int nodes = 1;
            for (CandidateTrie t : tries) {
                nodes = Math.max(nodes, t.size());
            }
            double[] rest =
                    longest > 1 ? continuations(m, cache, prompts, tries, valid, nodes) : null;
            out.addAll(perCandidate(tries, first, rest, vocab, nodes));
        }
        return out;
    }

    /**
     * Each candidate's token log-probabilities: its first token's from pass 1 ({@code first}, per
     * prompt row of {@code vocab}), the later ones' from pass 2 ({@code rest}, per row of {@code
     * nodes}).
     */
    private static List<List<double[]>> perCandidate(
            List<CandidateTrie> tries, double[] first, double[] rest, int vocab, int nodes) {
        int b = tries.size();
        List<List<double[]>> out = new ArrayList<>();
        for (int i = 0; i < b; i++) {
            List<double[]> perPrompt = new ArrayList<>();
            CandidateTrie t = tries.get(i);
            for (int c = 0; c < t.candidates(); c++) {
                int[] path = t.path(c);
                double[] lp = new double[path.length];
                lp[0] = first[i * vocab + t.token(path[0])];
                for (int k = 1; k < path.length; k++) {
                    lp[k] = rest[i * nodes + path[k]];
                }
                perPrompt.add(lp);
            }
            out.add(perPrompt);
        }
        return out;
    }

    /**
     * Pass 2: per prompt row, the log-probability {@code [B, nodes]} of every tree node's token
     * given the prompt's cache and the node's ancestors (first tokens are pass 1's; their entries
     * stay 0). Each row feeds its tree's inner nodes, parents first; a node's output scores its
     * children.
     */
    private double[] continuations(
            NDManager m,
            KvCache cache,
            List<int[]> prompts,
            List<CandidateTrie> tries,
            boolean[][] promptValid,
            int nodes) {
        int b = prompts.size();
        int p = promptValid[0].length;
        int vocab = model.config().vocabSize();
        int g = 1;
        for (CandidateTrie t : tries) {
            int inner = t.innerNodes();
            g = Math.max(g, inner);
        }
        int s = p + g;
        long[] tok = new long[b * g];
        long[] pos = new long[b * g];
        long[] entry = new long[b * nodes];
        float[] mask = new float[b * g * s];
        java.util.Arrays.fill(mask, (float) LlamaModel.MASKED);
        for (int i = 0; i < b; i++) {
            CandidateTrie t = tries.get(i);
            int len = prompts.get(i).length;
            int[] fedAt = new int[t.size()];
            int at = 0;
            for (int e = 0; e < t.size(); e++) {
                if (t.parent(e) >= 0) {
                    entry[i * nodes + e] = (long) fedAt[t.parent(e)] * vocab + t.token(e);
                }
                if (!t.inner(e)) {
                    continue;
                }
                fedAt[e] = at;
                int q = i * g + at;
                tok[q] = t.token(e);
                pos[q] = len + t.depth(e);
                int row = q * s;
                for (int key = 0; key < p; key++) {
                    if (promptValid[i][key]) {
                        mask[row + key] = 0f;
                    }
                }
                for (int a = e; a >= 0; a = t.parent(a)) {
                    mask[row + p + fedAt[a]] =
                            0f; // every ancestor of a fed node is fed (it has a child)
                }
                at++;
            }
            for (int q = at; q < g; q++) {
                mask[(i * g + q) * s + p - 1] =
                        0f; // padding sees the prompt's last key: defined, never read
            }
        }
        try (NDArray tokens = Inputs.longs(m, tok, b, g);
                NDArray positions = Inputs.longs(m, pos, b, g);
                NDArray maskArray =
                        m.create(mask, new Shape(b, 1, g, s)).toType(model.dtype(), false);
                NDArray entries = m.create(entry, new Shape(b, nodes))) {
            return model.forward(tokens, positions, maskArray, cache, false)
                    .logSoftmax(-1)
                    .reshape(b, (long) g * vocab)
                    .gather(entries, 1)
                    .toType(DataType.FLOAT64, false)
                    .toDoubleArray();
        }
    }
}
