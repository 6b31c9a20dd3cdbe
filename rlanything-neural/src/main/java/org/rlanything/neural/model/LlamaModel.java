package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.internal.NDArrayEx;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.ndarray.types.SparseFormat;

/**
 * The decoder's forward pass (Llama layout): token embedding; per layer pre-RMSNorm causal
 * multi-head attention with rotary positions and pre-RMSNorm SwiGLU feed-forward, each added to the
 * residual stream; final RMSNorm; output head. Hugging Face variants: grouped-query attention (each
 * key/value head serves {@code numHeads / numKeyValueHeads} consecutive query heads, as in {@code
 * repeat_kv}; the cache keeps the unrepeated heads), q/k/v and output biases, a head tied to the
 * embedding. The default configuration runs none of these branches.
 *
 * <p><b>Inputs.</b> Every call takes token ids {@code [B, T]} (int64), position ids {@code [B, T]}
 * (int64, selecting rows of the rotary tables, so left-padded rows can start at 0) and an additive
 * attention mask broadcastable to {@code [B, 1, T, S]}, where S = cached length + T (0 where a
 * query may attend to a key, {@link #MASKED} elsewhere). Create them in a per-step sub-manager:
 * every intermediate array then lands there, since an operation's result belongs to its first
 * operand's manager. Constants on differentiated paths are long-lived scalar arrays, never {@code
 * Number} operands (see {@link ScalarArrays}).
 */
public final class LlamaModel implements AutoCloseable {

    /** Additive mask value for a forbidden attention edge. */
    public static final double MASKED = -1e9;

    private final ModelWeights weights;
    private final ModelConfig config;
    private final NDArray cosTable;
    private final NDArray sinTable;
    private final NDArray attentionScale;
    private final NDArray normEps;
    private final ThreadLocal<LayerRecompute> recompute = new ThreadLocal<>();
    private final java.util.concurrent.atomic.AtomicLong tokensProcessed =
            new java.util.concurrent.atomic.AtomicLong();

    public LlamaModel(ModelWeights weights) {
        this.weights = weights;
        this.config = weights.config();
        int hd = config.headDim();
        int half = hd / 2;
        int maxPos = config.maxPositions();
        double[] cos = new double[maxPos * hd];
        double[] sin = new double[maxPos * hd];
        for (int p = 0; p < maxPos; p++) {
            for (int i = 0; i < half; i++) {
                double angle = p * inverseFrequency(config, i);
                cos[p * hd + i] = cos[p * hd + i + half] = Math.cos(angle);
                sin[p * hd + i] = sin[p * hd + i + half] = Math.sin(angle);
            }
        }
        NDManager m = weights.manager();
        cosTable = typed(m.create(cos, new Shape(maxPos, hd)), weights.dtype());
        sinTable = typed(m.create(sin, new Shape(maxPos, hd)), weights.dtype());
        attentionScale = ScalarArrays.of(m, weights.dtype(), 1.0 / Math.sqrt(hd));
        normEps = ScalarArrays.of(m, weights.dtype(), config.rmsNormEps());
    }

    /**
     * The rotary inverse frequency of pair {@code i}: θ^(−2i/d), scaled by Llama 3's rule when the
     * config has one.
     */
    static double inverseFrequency(ModelConfig config, int i) {
        double plain = Math.pow(config.ropeTheta(), -2.0 * i / config.headDim());
        return config.ropeScaling() == null ? plain : config.ropeScaling().scale(plain);
    }

    private static NDArray typed(NDArray a, DataType dtype) {
        if (a.getDataType() == dtype) {
            return a;
        }
        NDArray t = a.toType(dtype, true);
        a.close();
        return t;
    }

    /**
     * Logits {@code [B, T, V]} for every input position (or {@code [B, 1, V]} for the last one only
     * when {@code lastOnly}). With a non-null {@code cache}, attends over the cached positions too
     * and appends this call's keys and values to it.
     */
    public NDArray forward(
            NDArray tokens, NDArray positions, NDArray mask, KvCache cache, boolean lastOnly) {
        NDArray x = hidden(tokens, positions, mask, cache);
        if (lastOnly) {
            long t = x.getShape().get(1);
            x = x.get(":, " + (t - 1) + ":, :");
        }
        return head(x);
    }

    /** Logits {@code [..., V]} of hidden states {@code [..., H]} (the language-model head). */
    public NDArray head(NDArray hidden) {
        Flops.add(hidden.getShape().size() / config.hiddenSize() * config.headFlopsPerToken());
        return linear(hidden, headWeight());
    }

    private NDArray headWeight() {
        return weights.get(
                config.tieWordEmbeddings() ? "model.embed_tokens.weight" : "lm_head.weight");
    }

    /**
     * Arms layer recomputation for this thread's next {@link #hidden} call, which must run while
     * gradients are recorded; after the loss's backward pass call {@link #backwardThroughLayers}.
     */
    public LayerRecompute recomputeNextPass() {
        LayerRecompute r = new LayerRecompute();
        recompute.set(r);
        return r;
    }

    /**
     * The backward pass through the decoder layers of a pass armed by {@link #recomputeNextPass}:
     * layer by layer from the last, each run again with a graph from its kept input and given the
     * gradient that reached its output (see {@link LayerRecompute}); the gradients of the layers'
     * weights (and of the embedding, when it trains) are added to theirs. Closes the kept inputs.
     */
    public void backwardThroughLayers(LayerRecompute r) {
        if (!r.ran()) {
            recompute.remove(); // never left armed for a later pass (sampling must build no graph)
            throw new IllegalStateException("No forward pass ran with these recomputed layers.");
        }
        NDArray embedding = weights.get("model.embed_tokens.weight");
        boolean embeddingTrains = embedding.hasGradient();
        NDArray grad = Autograd.gradient(r.top);
        r.top.close();
        for (int l = config.numLayers() - 1; l >= 0; l--) {
            NDArray input = r.inputs.get(l);
            boolean inputGradient = l > 0 || embeddingTrains;
            if (inputGradient) {
                input.setRequiresGradient(true);
            }
            try (Autograd pass = Autograd.record()) {
                NDArray output = layer(l, input, r.cos, r.sin, r.mask, null, r.rows, r.width);
                pass.backward(output, grad);
                output.close();
            }
            grad.close();
            grad = inputGradient ? Autograd.gradient(input) : null;
            input.close();
        }
        if (embeddingTrains) {
            try (Autograd pass = Autograd.record()) {
                NDArray x =
                        r.tokens
                                .getNDArrayInternal()
                                .embedding(r.tokens, embedding, SparseFormat.DENSE)
                                .singletonOrThrow();
                pass.backward(x, grad);
                x.close();
            }
            grad.close();
        }
    }

    /** Final hidden states {@code [B, T, H]} after the last RMSNorm. */
    public NDArray hidden(NDArray tokens, NDArray positions, NDArray mask, KvCache cache) {
        long b = tokens.getShape().get(0);
        long t = tokens.getShape().get(1);
        tokensProcessed.addAndGet(b * t);
        NDArrayEx ex = tokens.getNDArrayInternal();
        NDArray x =
                ex.embedding(tokens, weights.get("model.embed_tokens.weight"), SparseFormat.DENSE)
                        .singletonOrThrow();
        NDArrayEx px = positions.getNDArrayInternal();
        NDArray cos =
                px.embedding(positions, cosTable, SparseFormat.DENSE)
                        .singletonOrThrow()
                        .expandDims(1);
        NDArray sin =
                px.embedding(positions, sinTable, SparseFormat.DENSE)
                        .singletonOrThrow()
                        .expandDims(1);
        LayerRecompute r = recompute.get();
        if (r != null) {
            recompute.remove();
            if (cache != null) {
                throw new IllegalStateException("Recomputed layers take no cache.");
            }
            // the layers without a graph, their inputs kept; the graph starts at the last output
            Autograd.off();
            x = x.stopGradient();
            for (int l = 0; l < config.numLayers(); l++) {
                r.inputs.add(x);
                x = layer(l, x, cos, sin, mask, null, b, t);
            }
            Autograd.record();
            x.setRequiresGradient(true);
            r.top = x;
            r.tokens = tokens;
            r.cos = cos;
            r.sin = sin;
            r.mask = mask;
            r.rows = b;
            r.width = t;
            return rmsNorm(x, weights.get("model.norm.weight"));
        }
        for (int l = 0; l < config.numLayers(); l++) {
            x = layer(l, x, cos, sin, mask, cache, b, t);
        }
        return rmsNorm(x, weights.get("model.norm.weight"));
    }

    /**
     * One decoder layer. Its intermediates are released when it ends (an autograd graph keeps what
     * backward needs on its own), so a pass holds one layer's temporaries at a time, not every
     * layer's until the caller's scope closes; only the new residual stream and what the cache
     * stores outlive it.
     */
    private NDArray layer(
            int l,
            NDArray input,
            NDArray cos,
            NDArray sin,
            NDArray mask,
            KvCache cache,
            long b,
            long t) {
        int heads = config.numHeads();
        int kvHeads = config.numKeyValueHeads();
        int hd = config.headDim();
        try (ai.djl.ndarray.NDScope scope = new ai.djl.ndarray.NDScope()) {
            NDArray x = input;
            String p = "model.layers." + l + ".";
            NDArray h = rmsNorm(x, weights.get(p + "input_layernorm.weight"));
            NDArray q =
                    heads(projection(h, p + "self_attn.q_proj", config.qkvBias()), b, t, heads, hd);
            NDArray k =
                    heads(
                            projection(h, p + "self_attn.k_proj", config.qkvBias()),
                            b,
                            t,
                            kvHeads,
                            hd);
            NDArray v =
                    heads(
                            projection(h, p + "self_attn.v_proj", config.qkvBias()),
                            b,
                            t,
                            kvHeads,
                            hd);
            if (config.qkNorm()) {
                // Qwen3: each head's query and key vectors are RMS-normalised (weights shared by
                // all heads) before the rotary positions
                q = rmsNorm(q, weights.get(p + "self_attn.q_norm.weight"));
                k = rmsNorm(k, weights.get(p + "self_attn.k_norm.weight"));
            }
            // the 1/sqrt(d) scale on the queries, not on the [T, S] scores: one pass over a small
            // array instead of
            // a large one (for d = 16 the scale is 1/4, a power of two, so the result is the same
            // to the bit)
            q = rotate(q, cos, sin, hd).mul(attentionScale);
            k = rotate(k, cos, sin, hd);
            if (cache != null) {
                NDArray[] kv = cache.append(l, k, v);
                k = kv[0];
                v = kv[1];
            }
            if (kvHeads != heads) {
                k = k.repeat(1, heads / kvHeads);
                v = v.repeat(1, heads / kvHeads);
            }
            NDArray scores = q.matMul(k.transpose(0, 1, 3, 2)).add(mask);
            NDArray attended =
                    scores.softmax(-1)
                            .matMul(v)
                            .transpose(0, 2, 1, 3)
                            .reshape(b, t, (long) heads * hd);
            x = x.add(projection(attended, p + "self_attn.o_proj", config.outputBias()));
            h = rmsNorm(x, weights.get(p + "post_attention_layernorm.weight"));
            NDArray gate = projection(h, p + "mlp.gate_proj", false);
            NDArray up = projection(h, p + "mlp.up_proj", false);
            NDArray act = gate.mul(gate.getNDArrayInternal().sigmoid()).mul(up);
            x = x.add(projection(act, p + "mlp.down_proj", false));
            if (l == 0) {
                Flops.add((double) b * t * config.decoderFlopsPerToken(k.getShape().get(2)));
            }
            ai.djl.ndarray.NDScope.unregister(x);
            if (cache != null) {
                cache.retain(l);
            }
            return x;
        }
    }

    private NDArray rmsNorm(NDArray x, NDArray weight) {
        NDArray rms = x.square().mean(new int[] {-1}, true).add(normEps).sqrt();
        return x.div(rms).mul(weight);
    }

    private static NDArray linear(NDArray x, NDArray weight) {
        return x.getNDArrayInternal().linear(x, weight, null).singletonOrThrow();
    }

    /**
     * The projection {@code name} ({@code name.weight}, plus {@code name.bias} when {@code
     * biased}), plus its LoRA update (alpha / r) B (A x) when it has an adapter.
     */
    private NDArray projection(NDArray x, String name, boolean biased) {
        NDArray bias = biased ? weights.get(name + ".bias") : null;
        NDArray weight = weights.get(name + ".weight");
        if (weight.getDataType() != x.getDataType()) {
            // a frozen base held in float16 (ModelWeights.halveFrozen): cast for this use only
            weight = weight.toType(x.getDataType(), false);
        }
        NDArray out = x.getNDArrayInternal().linear(x, weight, bias).singletonOrThrow();
        NDArray[] lora = weights.adapter(name);
        if (lora == null) {
            return out;
        }
        return out.add(linear(linear(x, lora[0]), lora[1]).mul(weights.loraScale()));
    }

    private static NDArray heads(NDArray x, long b, long t, int heads, int hd) {
        return x.reshape(b, t, heads, hd).transpose(0, 2, 1, 3);
    }

    /** Rotary embedding in the Hugging Face "rotate half" layout. */
    private static NDArray rotate(NDArray x, NDArray cos, NDArray sin, int hd) {
        int half = hd / 2;
        NDArray x1 = x.get(":, :, :, :" + half);
        NDArray x2 = x.get(":, :, :, " + half + ":");
        NDArray rotated = x2.neg().concat(x1, -1);
        return x.mul(cos).add(rotated.mul(sin));
    }

    /** Token positions (rows x width, padding included) passed through the decoder so far. */
    public long tokensProcessed() {
        return tokensProcessed.get();
    }

    public ModelConfig config() {
        return config;
    }

    public ModelWeights weights() {
        return weights;
    }

    public DataType dtype() {
        return weights.dtype();
    }

    @Override
    public void close() {
        weights.close();
    }
}
