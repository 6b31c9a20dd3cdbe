package org.rlanything.neural.infer;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.KvCache;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.StepScope;
import org.rlanything.neural.tokenizer.BpeTokenizer;

/**
 * Batched autoregressive sampling with a key/value cache.
 *
 * <p>Prompts are left-padded to a common length; padding keys are masked out and every row's positions
 * start at 0, so a row's tokens do not depend on the other rows. One forward pass encodes all prompts,
 * then each further pass feeds one new token per row. Logits come back to Java in one copy per pass and
 * each row draws from its own generator. Generation stops at {@link BpeTokenizer#EOS} or after
 * {@code maxNewTokens}.
 */
public final class Generator {

    private final LlamaModel model;

    public Generator(LlamaModel model) {
        this.model = model;
    }

    /** Samples one response per prompt; {@code rngs.get(i)} is row i's only randomness. */
    public List<Generation> generate(List<int[]> prompts, List<RandomGenerator> rngs, SamplingConfig sampling) {
        return run(prompts, rngs, sampling, true);
    }

    /**
     * The same computation without a cache: every step re-encodes each full sequence. Slow; it exists to
     * check the cached path.
     */
    public List<Generation> generateWithoutCache(List<int[]> prompts, List<RandomGenerator> rngs, SamplingConfig sampling) {
        return run(prompts, rngs, sampling, false);
    }

    private List<Generation> run(List<int[]> prompts, List<RandomGenerator> rngs, SamplingConfig sampling, boolean cached) {
        if (prompts.size() != rngs.size()) {
            throw new IllegalArgumentException("Got " + prompts.size() + " prompts but " + rngs.size() + " generators.");
        }
        int b = prompts.size();
        if (b == 0) {
            return List.of();
        }
        int p = 0;
        for (int[] prompt : prompts) {
            if (prompt.length == 0) {
                throw new IllegalArgumentException("A prompt must hold at least one token (for example <bos>).");
            }
            p = Math.max(p, prompt.length);
        }
        int maxNew = sampling.maxNewTokens();
        if (p + maxNew > model.config().maxPositions()) {
            throw new IllegalArgumentException("A prompt of " + p + " tokens plus " + maxNew
                    + " new tokens exceeds the model's " + model.config().maxPositions() + " positions.");
        }
        int vocab = model.config().vocabSize();
        int total = p + maxNew;
        long[] seq = new long[b * total];
        long[] pos = new long[b * total];
        boolean[][] valid = new boolean[b][total];
        int[] lengths = new int[b];
        for (int r = 0; r < b; r++) {
            int[] prompt = prompts.get(r);
            int pad = p - prompt.length;
            for (int i = 0; i < prompt.length; i++) {
                seq[r * total + pad + i] = prompt[i];
                pos[r * total + pad + i] = i;
                valid[r][pad + i] = true;
            }
            lengths[r] = prompt.length;
        }
        List<List<Integer>> out = new ArrayList<>();
        List<List<Double>> outLp = new ArrayList<>();
        boolean[] done = new boolean[b];
        for (int r = 0; r < b; r++) {
            out.add(new ArrayList<>());
            outLp.add(new ArrayList<>());
        }
        try (StepScope scope = new StepScope(model.weights().manager())) {
            NDManager m = scope.manager();
            KvCache cache = cached ? new KvCache(model.config().numLayers()) : null;
            int filled = p;
            int fed = 0;
            for (int step = 0; step < maxNew; step++) {
                int from = cached ? fed : 0;
                int width = filled - from;
                long[] tok = new long[b * width];
                long[] ps = new long[b * width];
                for (int r = 0; r < b; r++) {
                    System.arraycopy(seq, r * total + from, tok, r * width, width);
                    System.arraycopy(pos, r * total + from, ps, r * width, width);
                }
                boolean[][] keys = new boolean[b][filled];
                for (int r = 0; r < b; r++) {
                    System.arraycopy(valid[r], 0, keys[r], 0, filled);
                }
                double[] logits;
                try (NDArray tokens = Inputs.longs(m, tok, b, width);
                     NDArray positions = Inputs.longs(m, ps, b, width);
                     NDArray mask = Inputs.padded(m, model.dtype(), keys, from, width);
                     NDArray last = model.forward(tokens, positions, mask, cache, true)) {
                    logits = last.toType(ai.djl.ndarray.types.DataType.FLOAT64, false).toDoubleArray();
                }
                fed = filled;
                boolean allDone = true;
                for (int r = 0; r < b; r++) {
                    int next = BpeTokenizer.PAD;
                    if (!done[r]) {
                        next = TokenSampler.sample(logits, r * vocab, vocab, sampling.temperature(), sampling.topP(), rngs.get(r));
                        out.get(r).add(next);
                        outLp.get(r).add(TokenSampler.logProb(logits, r * vocab, vocab, next));
                        if (next == BpeTokenizer.EOS) {
                            done[r] = true;
                        }
                    }
                    allDone &= done[r];
                    seq[r * total + filled] = next;
                    pos[r * total + filled] = lengths[r] + step;
                    valid[r][filled] = true;
                }
                filled++;
                if (allDone) {
                    break;
                }
            }
        }
        List<Generation> result = new ArrayList<>(b);
        for (int r = 0; r < b; r++) {
            int[] t = out.get(r).stream().mapToInt(Integer::intValue).toArray();
            double[] lp = outLp.get(r).stream().mapToDouble(Double::doubleValue).toArray();
            result.add(new Generation(t, lp, done[r]));
        }
        return result;
    }
}
