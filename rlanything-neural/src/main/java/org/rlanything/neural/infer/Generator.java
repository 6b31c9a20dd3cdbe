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
import org.rlanything.neural.tokenizer.SpecialTokens;

/**
 * Batched autoregressive sampling with a key/value cache.
 *
 * <p>Prompts are left-padded to a common length; padding keys are masked out and every row's
 * positions start at 0, so a row's tokens do not depend on the other rows. One forward pass encodes
 * all prompts, then each further pass feeds one new token per row. Logits come back to Java in one
 * copy per pass and each row draws from its own generator. Generation stops at a stop id of the
 * tokenizer ({@link SpecialTokens}; {@link BpeTokenizer#EOS} by default) or after {@code
 * maxNewTokens}.
 */
public final class Generator {

    private final LlamaModel model;
    private final SpecialTokens specials;

    /** A generator that stops at the project tokenizer's {@code <eos>}. */
    public Generator(LlamaModel model) {
        this(model, BpeTokenizer.bytesOnly().specials());
    }

    /** A generator that stops at any of {@code specials}' stop ids and pads with its pad id. */
    public Generator(LlamaModel model, SpecialTokens specials) {
        this.model = model;
        this.specials = specials;
    }

    /** Samples one response per prompt; {@code rngs.get(i)} is row i's only randomness. */
    public List<Generation> generate(
            List<int[]> prompts, List<RandomGenerator> rngs, SamplingConfig sampling) {
        return run(prompts, 1, rngs, sampling, true);
    }

    /**
     * Samples {@code copies} responses per prompt, encoding each prompt once: its key/value cache
     * is copied to its {@code copies} rows after the first pass. Row {@code i * copies + c} is copy
     * c of prompt i and draws only from {@code rngs.get(i * copies + c)}; the result is what {@link
     * #generate} gives for the prompts repeated, up to floating-point rounding.
     */
    public List<Generation> generate(
            List<int[]> prompts, int copies, List<RandomGenerator> rngs, SamplingConfig sampling) {
        return run(prompts, copies, rngs, sampling, true);
    }

    /**
     * The same computation without a cache: every step re-encodes each full sequence. Slow; it
     * exists to check the cached path.
     */
    public List<Generation> generateWithoutCache(
            List<int[]> prompts, List<RandomGenerator> rngs, SamplingConfig sampling) {
        return run(prompts, 1, rngs, sampling, false);
    }

    private List<Generation> run(
            List<int[]> distinct,
            int copies,
            List<RandomGenerator> rngs,
            SamplingConfig sampling,
            boolean cached) {
        if (copies < 1) {
            throw new IllegalArgumentException("copies must be >= 1, got " + copies + ".");
        }
        if ((long) distinct.size() * copies != rngs.size()) {
            throw new IllegalArgumentException(
                    "Got "
                            + distinct.size()
                            + " prompts x "
                            + copies
                            + " copies but "
                            + rngs.size()
                            + " generators.");
        }
        List<int[]> prompts = new ArrayList<>(rngs.size());
        for (int[] prompt : distinct) {
            for (int c = 0; c < copies; c++) {
                prompts.add(prompt);
            }
        }
        int b = prompts.size();
        if (b == 0) {
            return List.of();
        }
        int p = 0;
        for (int[] prompt : prompts) {
            if (prompt.length == 0) {
                throw new IllegalArgumentException(
                        "A prompt must hold at least one token (for example <bos>).");
            }
            p = Math.max(p, prompt.length);
        }
        int maxNew = sampling.maxNewTokens();
        if (p + maxNew > model.config().maxPositions()) {
            throw new IllegalArgumentException(
                    "A prompt of "
                            + p
                            + " tokens plus "
                            + maxNew
                            + " new tokens exceeds the model's "
                            + model.config().maxPositions()
                            + " positions.");
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
            KvCache cache = cached ? new KvCache(model.config().numLayers(), total) : null;
            int filled = p;
            int fed = 0;
            for (int step = 0; step < maxNew; step++) {
                int from = cached ? fed : 0;
                int width = filled - from;
                // The prompt pass of a cached run feeds each distinct prompt once (every copy-th
                // row).
                int stride = cached && step == 0 ? copies : 1;
                int fedRows = b / stride;
                long[] tok = new long[fedRows * width];
                long[] ps = new long[fedRows * width];
                boolean[][] keys = new boolean[fedRows][filled];
                for (int k = 0; k < fedRows; k++) {
                    int r = k * stride;
                    System.arraycopy(seq, r * total + from, tok, k * width, width);
                    System.arraycopy(pos, r * total + from, ps, k * width, width);
                    System.arraycopy(valid[r], 0, keys[k], 0, filled);
                }
                double[] logits;
                try (NDArray tokens = Inputs.longs(m, tok, fedRows, width);
                        NDArray positions = Inputs.longs(m, ps, fedRows, width);
                        NDArray mask = Inputs.padded(m, model.dtype(), keys, from, width);
                        NDArray last = model.forward(tokens, positions, mask, cache, true)) {
                    logits =
                            last.toType(ai.djl.ndarray.types.DataType.FLOAT64, false)
                                    .toDoubleArray();
                }
                if (stride > 1) {
                    long[] rows = new long[b];
                    double[] expanded = new double[b * vocab];
                    for (int r = 0; r < b; r++) {
                        rows[r] = r / stride;
                        System.arraycopy(logits, (r / stride) * vocab, expanded, r * vocab, vocab);
                    }
                    cache = cache.selectRows(m, rows);
                    logits = expanded;
                }
                fed = filled;
                boolean allDone = true;
                for (int r = 0; r < b; r++) {
                    int next = specials.pad();
                    if (!done[r]) {
                        next =
                                TokenSampler.sample(
                                        logits,
                                        r * vocab,
                                        vocab,
                                        sampling.temperature(),
                                        sampling.topP(),
                                        rngs.get(r));
                        out.get(r).add(next);
                        outLp.get(r).add(TokenSampler.logProb(logits, r * vocab, vocab, next));
                        if (specials.isStop(next)) {
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
