package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;

/**
 * A right-padded micro-batch of training sequences, shared by the PPO and the supervised trainer: inputs
 * are {@code full[0..len-2]}, targets {@code full[1..len-1]}, and only response positions carry weight.
 * {@link #pack} groups sequences in order so that {@code width × rows} stays within a token budget.
 */
final class PaddedBatch extends RowBatch<TrainingSequence> {

    int width;

    /** Packs {@code sequences} in order into batches of at most {@code maxTokensPerForward} padded tokens. */
    static List<PaddedBatch> pack(List<TrainingSequence> sequences, long maxTokensPerForward) {
        List<PaddedBatch> out = new ArrayList<>();
        for (List<TrainingSequence> group : split(sequences,
                s -> s.promptLength() + s.responseView().length - 1, maxTokensPerForward)) {
            PaddedBatch batch = new PaddedBatch();
            batch.rows.addAll(group);
            for (TrainingSequence s : group) {
                batch.width = Math.max(batch.width, s.promptLength() + s.responseView().length - 1);
            }
            out.add(batch);
        }
        return out;
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public NDArray logProbs(LlamaModel model, NDManager m, NDArray[] entropy) {
        NDArray logSoftmax = logSoftmax(model, m);
        if (entropy != null) {
            NDArray ls = logSoftmax.stopGradient();
            entropy[0] = ls.exp().mul(ls).sum(new int[] {-1}).neg();
        }
        return targetLogProbs(m, logSoftmax);
    }

    long[] tokens(boolean targets) {
        long[] out = new long[rows.size() * width];
        for (int r = 0; r < rows.size(); r++) {
            int[] p = rows.get(r).promptView();
            int[] q = rows.get(r).responseView();
            int shift = targets ? 1 : 0;
            for (int k = 0; k < width; k++) {
                int i = k + shift;
                if (i < p.length + q.length) {
                    out[r * width + k] = i < p.length ? p[i] : q[i - p.length];
                }
            }
        }
        return out;
    }

    /** 1/T on the response positions of each row, 0 elsewhere. */
    @Override
    public double[] weights() {
        double[] w = new double[rows.size() * width];
        for (int r = 0; r < rows.size(); r++) {
            int start = rows.get(r).promptLength() - 1;
            int t = rows.get(r).responseView().length;
            for (int k = 0; k < t; k++) {
                w[r * width + start + k] = 1.0 / t;
            }
        }
        return w;
    }

    /** The model's log-softmax over the vocabulary at every position, shape (rows, width, vocab). */
    NDArray logSoftmax(LlamaModel model, NDManager m) {
        int n = rows.size();
        long[] pos = new long[n * width];
        for (int r = 0; r < n; r++) {
            for (int k = 0; k < width; k++) {
                pos[r * width + k] = k;
            }
        }
        NDArray tokens = Inputs.longs(m, tokens(false), n, width);
        NDArray positions = Inputs.longs(m, pos, n, width);
        NDArray mask = Inputs.causal(m, model.dtype(), width);
        return model.forward(tokens, positions, mask, null, false).logSoftmax(-1);
    }

    /** The log-probability of each target token, shape (rows, width), from {@link #logSoftmax}. */
    NDArray targetLogProbs(NDManager m, NDArray logSoftmax) {
        NDArray targets = m.create(tokens(true), new Shape(rows.size(), width, 1));
        return logSoftmax.gather(targets, 2).squeeze(2);
    }
}
