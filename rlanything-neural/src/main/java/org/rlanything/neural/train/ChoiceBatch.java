package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;

/**
 * A micro-batch of {@link ChoiceSequence}s scored in one differentiable forward pass: the log-probability
 * of each row's choice under the tempered softmax over its candidates' sequence log-likelihoods.
 *
 * <p><b>How.</b> Each row packs the prompt and then every candidate, one after the other:
 * {@code [prompt | c_0 | c_1 | ...]}. The attention mask is a tree: prompt tokens see the prompt causally;
 * a candidate's token sees the whole prompt and its own candidate's earlier tokens, never another
 * candidate; positions restart after the prompt for every candidate. So each candidate is scored exactly
 * as if it followed the prompt alone, the prompt is encoded once, and gradients reach every candidate.
 * The last prompt position predicts every candidate's first token; a candidate's position k predicts its
 * token k+1; only those positions go through the head and the log-softmax. A matrix of ones sums each
 * candidate's in-branch log-probabilities into l_b; then
 * {@code log π(a) = log_softmax(l/τ)[a]}. The trained grid is {@code [rows, 1]} with weight 1.
 */
final class ChoiceBatch extends RowBatch<ChoiceSequence> {

    /** Packed row width: the longest prompt plus all its candidates. */
    int packedWidth;
    int maxCandidates;

    /** Packs {@code sequences} in order into batches of at most {@code maxTokensPerForward} packed tokens. */
    static List<ChoiceBatch> pack(List<ChoiceSequence> sequences, long maxTokensPerForward) {
        List<ChoiceBatch> out = new ArrayList<>();
        for (List<ChoiceSequence> group : split(sequences, s -> s.promptLength() + s.candidateTokens(),
                maxTokensPerForward)) {
            ChoiceBatch batch = new ChoiceBatch();
            batch.rows.addAll(group);
            for (ChoiceSequence s : group) {
                batch.packedWidth = Math.max(batch.packedWidth, s.promptLength() + s.candidateTokens());
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
        int hiddenSize = model.config().hiddenSize();
        // Only the prompt's last position and the in-branch positions need logits: the head and the
        // log-softmax run on those n positions alone, gathered from the hidden states.
        int n = 1;
        for (ChoiceSequence s : rows) {
            int inBranch = 0;
            for (int[] c : s.candidates()) {
                inBranch += c.length - 1;
            }
            n = Math.max(n, 1 + inBranch);
        }
        long[] tok = new long[r * w];
        long[] pos = new long[r * w];
        float[] mask = new float[r * w * w];
        Arrays.fill(mask, (float) LlamaModel.MASKED);
        long[] source = new long[r * n * hiddenSize];
        long[] next = new long[r * n];
        float[] sum = new float[r * n * j];
        long[] first = new long[r * j];
        long[] chosen = new long[r];
        double[] invTemperature = new double[r];
        float[] missing = new float[r * j];
        for (int row = 0; row < r; row++) {
            ChoiceSequence s = rows.get(row);
            int[] prompt = s.promptView();
            int p = prompt.length;
            int base = row * w;
            for (int k = 0; k < p; k++) {
                tok[base + k] = prompt[k];
                pos[base + k] = k;
                Arrays.fill(mask, (base + k) * w, (base + k) * w + k + 1, 0f);
            }
            int[] sourceOf = new int[n];
            sourceOf[0] = p - 1;
            int needed = 1;
            int at = p;
            List<int[]> candidates = s.candidates();
            for (int c = 0; c < j; c++) {
                if (c >= candidates.size()) {
                    missing[row * j + c] = (float) LlamaModel.MASKED;
                    continue;
                }
                int[] cand = candidates.get(c);
                int start = at;
                first[row * j + c] = cand[0];
                for (int k = 0; k < cand.length; k++) {
                    int q = at + k;
                    tok[base + q] = cand[k];
                    pos[base + q] = p + k;
                    int maskRow = (base + q) * w;
                    Arrays.fill(mask, maskRow, maskRow + p, 0f);
                    Arrays.fill(mask, maskRow + start, maskRow + q + 1, 0f);
                    if (k + 1 < cand.length) {
                        sourceOf[needed] = q;
                        next[row * n + needed] = cand[k + 1];
                        sum[(row * n + needed) * j + c] = 1f;
                        needed++;
                    }
                }
                at += cand.length;
            }
            for (int q = at; q < w; q++) {
                mask[(base + q) * w] = 0f; // padding attends to the first token only: defined, never used
            }
            for (int k = 0; k < n; k++) {
                Arrays.fill(source, (row * n + k) * hiddenSize, (row * n + k + 1) * hiddenSize,
                        k < needed ? sourceOf[k] : p - 1);
            }
            chosen[row] = s.chosen();
            invTemperature[row] = 1.0 / s.temperature();
        }
        DataType dt = model.dtype();
        NDArray hidden = model.hidden(Inputs.longs(m, tok, r, w), Inputs.longs(m, pos, r, w),
                m.create(mask, new Shape(r, 1, w, w)).toType(dt, false), null);
        NDArray logSoftmax = model.head(hidden.gather(m.create(source, new Shape(r, n, hiddenSize)), 1))
                .logSoftmax(-1); // [r, n, vocab]: n = 0 is the prompt's last position
        NDArray inBranch = logSoftmax.gather(m.create(next, new Shape(r, n, 1)), 2).squeeze(2);
        NDArray firstTokens = logSoftmax.get(":, 0:1, :").gather(m.create(first, new Shape(r, 1, j)), 2).squeeze(1);
        NDArray sequence = inBranch.expandDims(1).matMul(m.create(sum, new Shape(r, n, j)).toType(dt, false))
                .squeeze(1).add(firstTokens);
        NDArray logits = sequence.mul(m.create(invTemperature, new Shape(r, 1)).toType(dt, false))
                .add(m.create(missing, new Shape(r, j)).toType(dt, false));
        NDArray logPi = logits.logSoftmax(1);
        if (entropy != null) {
            NDArray lp = logPi.stopGradient();
            entropy[0] = lp.exp().mul(lp).sum(new int[] {1}, true).neg();
        }
        return logPi.gather(m.create(chosen, new Shape(r, 1)), 1);
    }
}
