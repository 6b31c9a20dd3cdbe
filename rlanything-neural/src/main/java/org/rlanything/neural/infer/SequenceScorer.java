package org.rlanything.neural.infer;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.StepScope;

/**
 * Teacher-forced per-token log-probabilities of responses after prompts, with every sequence
 * re-encoded in full (no cache): one right-padded forward pass per call. The reference against
 * which the cached paths are checked, and what checkpoint round trips compare.
 */
public final class SequenceScorer {

    private final LlamaModel model;

    public SequenceScorer(LlamaModel model) {
        this.model = model;
    }

    /** For each (prompt, response) pair, the log-probability of each response token. */
    public List<double[]> score(List<int[]> prompts, List<int[]> responses) {
        int b = prompts.size();
        if (b != responses.size()) {
            throw new IllegalArgumentException(
                    "Got " + b + " prompts but " + responses.size() + " responses.");
        }
        if (b == 0) {
            return List.of();
        }
        int width = 1;
        for (int i = 0; i < b; i++) {
            width = Math.max(width, prompts.get(i).length + responses.get(i).length - 1);
        }
        long[] tok = new long[b * width];
        long[] target = new long[b * width];
        long[] pos = new long[b * width];
        for (int i = 0; i < b; i++) {
            int[] full = concat(prompts.get(i), responses.get(i));
            for (int k = 0; k < width; k++) {
                tok[i * width + k] = k < full.length ? full[k] : 0;
                target[i * width + k] = k + 1 < full.length ? full[k + 1] : 0;
                pos[i * width + k] = k;
            }
        }
        double[] lp;
        try (StepScope scope = new StepScope(model.weights().manager())) {
            NDManager m = scope.manager();
            NDArray tokens = Inputs.longs(m, tok, b, width);
            NDArray positions = Inputs.longs(m, pos, b, width);
            NDArray mask = Inputs.causal(m, model.dtype(), width);
            NDArray targets = m.create(target, new Shape(b, width, 1));
            lp =
                    model.forward(tokens, positions, mask, null, false)
                            .logSoftmax(-1)
                            .gather(targets, 2)
                            .toType(DataType.FLOAT64, false)
                            .toDoubleArray();
        }
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < b; i++) {
            int start = prompts.get(i).length - 1;
            double[] r = new double[responses.get(i).length];
            for (int k = 0; k < r.length; k++) {
                r[k] = lp[i * width + start + k];
            }
            out.add(r);
        }
        return out;
    }

    static int[] concat(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
