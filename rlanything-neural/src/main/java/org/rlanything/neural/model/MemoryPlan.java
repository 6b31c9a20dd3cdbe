package org.rlanything.neural.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The memory (resident, of the whole process) that a model's steps need, planned from its shapes:
 * the import, loading it for sampling, one LoRA update and one full update at a batch shape.
 *
 * <p><b>How.</b> Weights live outside the Java heap, as float32 native arrays (4 bytes per
 * parameter); import streams the stored bytes and holds none of them. A LoRA update adds the
 * adapters with their gradients and two AdamW moments (16 bytes per adapter parameter); a full
 * update adds a gradient and two moments for every parameter and one tensor's optimizer
 * temporaries, plus one more float32 copy of the weights that the measured peak holds (20 bytes per
 * parameter in all: Qwen2.5-0.5B's full update peaked at 13.33 GiB, 16 bytes would plan 11.5). Both
 * keep the activations of one forward pass for its backward pass: per token and layer the float32
 * inputs and outputs of the norms, projections, SwiGLU and residuals (8 h + q + 2 kv + 5 f values)
 * plus two attention maps (heads x width), and the head's logits, log-probabilities and their
 * gradient (3 V values per token). An anchor to the starting model ({@code kl_to_start} &gt; 0)
 * keeps a float32 copy of what trains as its reference: the adapters under LoRA (the frozen base is
 * shared), every weight in a full update; its forward pass runs without gradients, so it adds no
 * activations kept for the backward pass. With recomputed layers ({@code recompute_layers}, {@link
 * LayerRecompute}) the backward pass keeps each layer's input (h values per token and layer), one
 * layer's activations at a time, the gradient reaching it and its input's (2 h), and the head's. A
 * frozen base held in float16 ({@code base_dtype: f16}) counts 2 bytes per projection weight, plus
 * the float32 casts the backward pass keeps: one layer's projections with recomputed layers, all of
 * them without (so f16 pays in an update only beside {@code recompute_layers}); they are read into
 * float16 as the model loads, so loading never holds them in float32. The fixed part ({@link
 * #BASE}: the JVM with its heap in use, PyTorch's and the tokenizer's native libraries) and the
 * activation factors were checked against measured peaks (docs/results/models-sizes-*.md).
 *
 * @param parameters the model's parameters
 * @param adapterParameters LoRA parameters at {@code rank} (0 without LoRA)
 * @param rank the LoRA rank
 * @param width padded row width (prompt + response tokens)
 * @param tokensPerForward padded tokens in one forward pass
 * @param importBytes the import
 * @param loadBytes the model loaded for sampling
 * @param anchored whether the updates below hold the anchor's reference copy
 * @param recomputed whether the updates below recompute the layers in the backward pass
 * @param halfBase whether a LoRA model's frozen projections are held in float16 (the LoRA figures)
 * @param loraUpdateBytes one LoRA update (with the anchor's copy)
 * @param fullUpdateBytes one full update (with the anchor's copy)
 */
public record MemoryPlan(
        long parameters,
        long adapterParameters,
        int rank,
        int width,
        int tokensPerForward,
        long importBytes,
        long loadBytes,
        boolean anchored,
        boolean recomputed,
        boolean halfBase,
        long loraUpdateBytes,
        long fullUpdateBytes) {

    /** The JVM, the native libraries and the tokenizer, as measured. */
    public static final long BASE = 900L << 20;

    /** Read and conversion buffers of streamed weights. */
    static final long BUFFERS = 3 * ArrayTensors.BLOCK;

    /**
     * The plan of {@code c} at LoRA {@code rank} (16 when 0) and the batch shape, without an
     * anchor.
     */
    public static MemoryPlan of(ModelConfig c, int rank, int width, int tokensPerForward) {
        return of(c, rank, width, tokensPerForward, false);
    }

    /**
     * The plan as above; {@code anchored} when the update keeps the anchor's reference copy ({@code
     * kl_to_start} &gt; 0).
     */
    public static MemoryPlan of(
            ModelConfig c, int rank, int width, int tokensPerForward, boolean anchored) {
        return of(c, rank, width, tokensPerForward, anchored, false);
    }

    /** The plan as above; {@code recomputed} when the updates recompute the layers. */
    public static MemoryPlan of(
            ModelConfig c,
            int rank,
            int width,
            int tokensPerForward,
            boolean anchored,
            boolean recomputed) {
        return of(c, rank, width, tokensPerForward, anchored, recomputed, false);
    }

    /**
     * The plan as above; {@code halfBase} when a LoRA model holds its frozen projections in float16
     * (the load and LoRA figures; a full update trains float32 weights).
     */
    public static MemoryPlan of(
            ModelConfig c,
            int rank,
            int width,
            int tokensPerForward,
            boolean anchored,
            boolean recomputed,
            boolean halfBase) {
        Map<String, long[]> layout = ModelWeights.layout(c);
        long params = 0;
        long largest = 0;
        for (long[] shape : layout.values()) {
            long n = 1;
            for (long d : shape) {
                n *= d;
            }
            params += n;
            largest = Math.max(largest, n);
        }
        int r = rank > 0 ? rank : 16;
        long adapters = 0;
        for (long[] shape : ModelWeights.adapterLayout(c, r).values()) {
            adapters += shape[0] * shape[1];
        }
        long tokens = tokensPerForward;
        long perToken =
                8L * c.hiddenSize()
                        + c.querySize()
                        + 2L * c.keyValueSize()
                        + 5L * c.intermediateSize()
                        + 2L * c.numHeads() * Math.min(width, tokens);
        long activations =
                recomputed
                        ? 4
                                * tokens
                                * ((long) c.numLayers() * c.hiddenSize()
                                        + perToken
                                        + 2L * c.hiddenSize()
                                        + 3L * c.vocabSize())
                        : 4 * tokens * (c.numLayers() * perToken + 3L * c.vocabSize());
        long projections = 0; // the frozen projections a LoRA model may hold in float16
        for (Map.Entry<String, long[]> e : layout.entrySet()) {
            for (String target : ModelWeights.LORA_TARGETS) {
                if (e.getKey().endsWith(target + ".weight")) {
                    projections += e.getValue()[0] * e.getValue()[1];
                }
            }
        }
        long weights = 4 * params;
        long loraWeights = halfBase ? weights - 2 * projections : weights;
        long casts = !halfBase ? 0 : recomputed ? 4 * projections / c.numLayers() : 4 * projections;
        long load = BASE + BUFFERS + loraWeights + 4 * largest;
        long loraAnchor = anchored ? 4 * adapters : 0;
        long fullAnchor = anchored ? weights : 0;
        long lora = BASE + BUFFERS + loraWeights + 16 * adapters + activations + loraAnchor + casts;
        long full = BASE + BUFFERS + 20 * params + activations + 3 * 4 * largest + fullAnchor;
        return new MemoryPlan(
                params,
                adapters,
                r,
                width,
                tokensPerForward,
                BASE + BUFFERS,
                load,
                anchored,
                recomputed,
                halfBase,
                lora,
                full);
    }

    /**
     * What a training process beyond the two roles' arrays holds at its peak, measured: the Java
     * heap of the loop (rollouts, the task pool, tokenizers; up to the launcher's 2 GiB), the
     * engine's caching of freed blocks between the sampling, log π_old and update passes. Set from
     * two measured loop iterations beside a small judge: a 1B policy peaked at 18.51 GiB, a 3B one
     * with recomputed layers at 19.52 GiB, 3.4 and 3.7 GiB above the roles' plans without it; this
     * is the larger, rounded up (docs/results/models-sizes-2026-12-05.md).
     */
    static final long LOOP = 3891L << 20;

    /**
     * The whole training process: the roles are updated one after the other, so its peak is one
     * role's update beside the other role loaded (its weights and, under LoRA, its adapters'
     * moments), whichever is larger, plus the fixed part once and the loop's own memory ({@link
     * #LOOP}).
     */
    public static long wholeProcess(
            MemoryPlan policy, boolean policyLora, MemoryPlan judge, boolean judgeLora) {
        long fixed = BASE + BUFFERS;
        long policyIdle =
                policy.loadBytes() - fixed + 12 * (policyLora ? policy.adapterParameters() : 0);
        long judgeIdle =
                judge.loadBytes() - fixed + 12 * (judgeLora ? judge.adapterParameters() : 0);
        long policyUpdate = policyLora ? policy.loraUpdateBytes() : policy.fullUpdateBytes();
        long judgeUpdate = judgeLora ? judge.loraUpdateBytes() : judge.fullUpdateBytes();
        return Math.max(policyUpdate + judgeIdle, judgeUpdate + policyIdle) + LOOP;
    }

    /** The machine's physical memory in bytes ({@code MemTotal}), or 0 when unknown. */
    public static long physicalMemory() {
        return meminfo("MemTotal:");
    }

    /** Memory available now ({@code MemAvailable}), or 0 when unknown. */
    public static long availableMemory() {
        return meminfo("MemAvailable:");
    }

    private static long meminfo(String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }
}
