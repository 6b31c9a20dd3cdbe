package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;

/**
 * A right-padded micro-batch of training sequences, shared by the PPO and the supervised trainer:
 * inputs are {@code full[0..len-2]}, targets {@code full[1..len-1]}, and only response positions
 * carry weight. {@link #pack} groups sequences in order so that {@code width × rows} stays within a
 * token budget.
 *
 * <p>Both trainers read the response grid ({@link #width()}, {@link #weights()}, {@link
 * #logProbs}), the response positions only, {@code (rows, longest response)}: the output head and
 * the log-softmax run on those positions, gathered from the hidden states, not on the prompt's (a
 * judge's prompt is some 230 tokens, its verdict about 6; with a real vocabulary of 150,000 ids the
 * head over every prompt position made a supervised step several times slower).
 */
final class PaddedBatch extends RowBatch<TrainingSequence> {

    /** Tokens fed per row: the longest prompt + response - 1. */
    int width;

    /** The longest response: the PPO grid's width. */
    int responseWidth;

    /**
     * Packs {@code sequences} in order into batches of at most {@code maxTokensPerForward} padded
     * tokens.
     */
    static List<PaddedBatch> pack(List<TrainingSequence> sequences, long maxTokensPerForward) {
        List<PaddedBatch> out = new ArrayList<>();
        for (List<TrainingSequence> group :
                split(
                        sequences,
                        s -> s.promptLength() + s.responseView().length - 1,
                        maxTokensPerForward)) {
            PaddedBatch batch = new PaddedBatch();
            batch.rows.addAll(group);
            for (TrainingSequence s : group) {
                batch.width = Math.max(batch.width, s.promptLength() + s.responseView().length - 1);
                batch.responseWidth = Math.max(batch.responseWidth, s.responseView().length);
            }
            out.add(batch);
        }
        return out;
    }

    @Override
    public int width() {
        return responseWidth;
    }

    @Override
    public NDArray logProbs(LlamaModel model, NDManager m, NDArray[] entropy) {
        int n = rows.size();
        int hiddenSize = model.config().hiddenSize();
        long[] source = new long[n * responseWidth * hiddenSize];
        long[] target = new long[n * responseWidth];
        for (int r = 0; r < n; r++) {
            int start =
                    rows.get(r).promptLength()
                            - 1; // the position whose output predicts response token 0
            int[] response = rows.get(r).responseView();
            for (int k = 0; k < responseWidth; k++) {
                int at = (r * responseWidth + k) * hiddenSize;
                // padding reads the first response position: defined, weight 0
                java.util.Arrays.fill(
                        source, at, at + hiddenSize, k < response.length ? start + k : start);
                target[r * responseWidth + k] = k < response.length ? response[k] : 0;
            }
        }
        NDArray hidden =
                model.hidden(
                        Inputs.longs(m, tokens(), n, width),
                        positions(m),
                        Inputs.causal(m, model.dtype(), width),
                        null);
        NDArray logSoftmax =
                model.head(
                                hidden.gather(
                                        m.create(source, new Shape(n, responseWidth, hiddenSize)),
                                        1))
                        .logSoftmax(-1); // [rows, responseWidth, vocab]
        if (entropy != null) {
            NDArray ls = logSoftmax.stopGradient();
            entropy[0] = ls.exp().mul(ls).sum(new int[] {-1}).neg();
        }
        return logSoftmax.gather(m.create(target, new Shape(n, responseWidth, 1)), 2).squeeze(2);
    }

    /** 1/T on the T response tokens of each row, on the PPO grid {@code (rows, responseWidth)}. */
    @Override
    public double[] weights() {
        double[] w = new double[rows.size() * responseWidth];
        for (int r = 0; r < rows.size(); r++) {
            int t = rows.get(r).responseView().length;
            for (int k = 0; k < t; k++) {
                w[r * responseWidth + k] = 1.0 / t;
            }
        }
        return w;
    }

    private NDArray positions(NDManager m) {
        int n = rows.size();
        long[] pos = new long[n * width];
        for (int r = 0; r < n; r++) {
            for (int k = 0; k < width; k++) {
                pos[r * width + k] = k;
            }
        }
        return Inputs.longs(m, pos, n, width);
    }

    long[] tokens() {
        long[] out = new long[rows.size() * width];
        for (int r = 0; r < rows.size(); r++) {
            int[] p = rows.get(r).promptView();
            int[] q = rows.get(r).responseView();
            for (int k = 0; k < width; k++) {
                if (k < p.length + q.length) {
                    out[r * width + k] = k < p.length ? p[k] : q[k - p.length];
                }
            }
        }
        return out;
    }
}
