package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rlanything.neural.model.CandidateTrie;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;

/**
 * A micro-batch of {@link ChoiceSequence}s scored in one differentiable forward pass: the
 * log-probability of each row's choice under the tempered softmax over its candidates' sequence
 * log-likelihoods.
 *
 * <p><b>How.</b> Each row packs the prompt and then the candidates' prefix tree ({@link
 * CandidateTrie}: a leading run of tokens several candidates share appears once): {@code [prompt |
 * node_0 | node_1 | ...]}. The attention mask follows the tree: prompt tokens see the prompt
 * causally; a node sees the whole prompt, its ancestors and itself, never another branch; a node's
 * position is the prompt's length plus its depth. So every candidate is scored exactly as if it
 * followed the prompt alone, the prompt and each shared prefix are encoded once, and gradients
 * reach every candidate. The prompt's last position predicts the first tokens and an inner node's
 * position predicts its children's tokens; only those positions go through the head and the
 * log-softmax. A 0/1 matrix sums the log-probabilities of the nodes on each candidate's path into
 * l_b; then {@code log π(a) = log_softmax(l/τ)[a]}. The trained grid is {@code [rows, 1]} with
 * weight 1.
 */
final class ChoiceBatch extends RowBatch<ChoiceSequence> {

    /** Packed row width: the longest prompt plus its candidates' tree. */
    int packedWidth;

    int maxCandidates;
    private final List<CandidateTrie> tries = new ArrayList<>();

    /**
     * Packs {@code sequences} in order into batches of at most {@code maxTokensPerForward} packed
     * tokens.
     */
    static List<ChoiceBatch> pack(List<ChoiceSequence> sequences, long maxTokensPerForward) {
        List<ChoiceBatch> out = new ArrayList<>();
        for (List<ChoiceSequence> group :
                split(sequences, ChoiceSequence::packedWidth, maxTokensPerForward)) {
            ChoiceBatch batch = new ChoiceBatch();
            batch.rows.addAll(group);
            for (ChoiceSequence s : group) {
                CandidateTrie trie = CandidateTrie.of(s.candidates());
                batch.tries.add(trie);
                batch.packedWidth = Math.max(batch.packedWidth, s.promptLength() + trie.size());
                batch.maxCandidates = Math.max(batch.maxCandidates, s.candidates().size());
            }
            out.add(batch);
        }
        return out;
    }

    @Override
    public int width() {
        return 1;
    }

    @Override
    public double[] weights() {
        double[] w = new double[rows.size()];
        Arrays.fill(w, 1.0);
        return w;
    }

    @Override
    public NDArray logProbs(LlamaModel model, NDManager m, NDArray[] entropy) {
        int r = rows.size();
        int w = packedWidth;
        int j = maxCandidates;
        int vocab = model.config().vocabSize();
        int hiddenSize = model.config().hiddenSize();
        // sources: the prompt's last position, then every inner node's; entries: one per node, the
        // log-probability
        // of its token at its parent's source
        int ns = 1;
        int ne = 1;
        for (CandidateTrie t : tries) {
            int inner = t.innerNodes();
            ns = Math.max(ns, 1 + inner);
            ne = Math.max(ne, t.size());
        }
        long[] tok = new long[r * w];
        long[] pos = new long[r * w];
        float[] mask = new float[r * w * w];
        Arrays.fill(mask, (float) LlamaModel.MASKED);
        long[] source = new long[r * ns * hiddenSize];
        long[] entry = new long[r * ne];
        float[] sum = new float[r * ne * j];
        long[] chosen = new long[r];
        double[] invTemperature = new double[r];
        float[] missing = new float[r * j];
        for (int row = 0; row < r; row++) {
            ChoiceSequence s = rows.get(row);
            CandidateTrie t = tries.get(row);
            int[] prompt = s.promptView();
            int p = prompt.length;
            int base = row * w;
            for (int k = 0; k < p; k++) {
                tok[base + k] = prompt[k];
                pos[base + k] = k;
                Arrays.fill(mask, (base + k) * w, (base + k) * w + k + 1, 0f);
            }
            int[] sourcePosition = new int[ns];
            Arrays.fill(sourcePosition, p - 1);
            int[] sourceOf = new int[t.size()];
            int sources = 1;
            for (int e = 0; e < t.size(); e++) {
                int q = p + e;
                tok[base + q] = t.token(e);
                pos[base + q] = p + t.depth(e);
                int maskRow = (base + q) * w;
                Arrays.fill(mask, maskRow, maskRow + p, 0f);
                for (int a = e; a >= 0; a = t.parent(a)) {
                    mask[maskRow + p + a] = 0f;
                }
                if (t.inner(e)) {
                    sourceOf[e] = sources;
                    sourcePosition[sources++] = q;
                }
                int from = t.parent(e) < 0 ? 0 : sourceOf[t.parent(e)];
                entry[row * ne + e] = (long) from * vocab + t.token(e);
            }
            for (int q = p + t.size(); q < w; q++) {
                mask[(base + q) * w] =
                        0f; // padding attends to the first token only: defined, never used
            }
            for (int k = 0; k < ns; k++) {
                Arrays.fill(
                        source,
                        (row * ns + k) * hiddenSize,
                        (row * ns + k + 1) * hiddenSize,
                        sourcePosition[k]);
            }
            for (int c = 0; c < j; c++) {
                if (c >= t.candidates()) {
                    missing[row * j + c] = (float) LlamaModel.MASKED;
                    continue;
                }
                for (int node : t.path(c)) {
                    sum[(row * ne + node) * j + c] = 1f;
                }
            }
            chosen[row] = s.chosen();
            invTemperature[row] = 1.0 / s.temperature();
        }
        DataType dt = model.dtype();
        NDArray hidden =
                model.hidden(
                        Inputs.longs(m, tok, r, w),
                        Inputs.longs(m, pos, r, w),
                        m.create(mask, new Shape(r, 1, w, w)).toType(dt, false),
                        null);
        NDArray logSoftmax =
                model.head(hidden.gather(m.create(source, new Shape(r, ns, hiddenSize)), 1))
                        .logSoftmax(-1); // [r, ns, vocab]: source 0 is the prompt's last position
        NDArray entries =
                logSoftmax
                        .reshape(r, (long) ns * vocab)
                        .gather(m.create(entry, new Shape(r, ne)), 1);
        NDArray sequence =
                entries.expandDims(1)
                        .matMul(m.create(sum, new Shape(r, ne, j)).toType(dt, false))
                        .squeeze(1);
        NDArray logits =
                sequence.mul(m.create(invTemperature, new Shape(r, 1)).toType(dt, false))
                        .add(m.create(missing, new Shape(r, j)).toType(dt, false));
        NDArray logPi = logits.logSoftmax(1);
        if (entropy != null) {
            NDArray lp = logPi.stopGradient();
            entropy[0] = lp.exp().mul(lp).sum(new int[] {1}, true).neg();
        }
        return logPi.gather(m.create(chosen, new Shape(r, 1)), 1);
    }
}
