package org.rlanything.neural.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Size of a Llama-style decoder: RMSNorm, rotary positions, SwiGLU feed-forward, multi-head causal
 * attention, untied output head. The {@link #toHfConfig() JSON form} uses Hugging Face's
 * {@code LlamaConfig} field names.
 *
 * @param vocabSize number of token ids
 * @param hiddenSize model width
 * @param intermediateSize SwiGLU inner width
 * @param numLayers decoder layers
 * @param numHeads attention heads (head size = hiddenSize / numHeads, must be even for rotary)
 * @param maxPositions longest sequence (prompt plus response) the rotary tables cover
 * @param ropeTheta rotary base
 * @param rmsNormEps RMSNorm epsilon
 * @param initSeed seed of the deterministic weight initialisation
 */
public record ModelConfig(int vocabSize, int hiddenSize, int intermediateSize, int numLayers, int numHeads,
                          int maxPositions, double ropeTheta, double rmsNormEps, long initSeed) {

    public ModelConfig {
        positive("vocabSize", vocabSize);
        positive("hiddenSize", hiddenSize);
        positive("intermediateSize", intermediateSize);
        positive("numLayers", numLayers);
        positive("numHeads", numHeads);
        positive("maxPositions", maxPositions);
        if (hiddenSize % numHeads != 0 || (hiddenSize / numHeads) % 2 != 0) {
            throw new IllegalArgumentException("hiddenSize (" + hiddenSize + ") must be a multiple of numHeads ("
                    + numHeads + ") with an even head size, as rotary positions rotate pairs of features.");
        }
        if (!(ropeTheta > 1) || !(rmsNormEps > 0)) {
            throw new IllegalArgumentException("ropeTheta must be > 1 and rmsNormEps > 0, got " + ropeTheta
                    + " and " + rmsNormEps + ".");
        }
    }

    /** The default size: about one million parameters at a vocabulary of 512, trainable on two cores. */
    public static ModelConfig defaults(int vocabSize) {
        return new ModelConfig(vocabSize, 128, 344, 4, 4, 512, 10000.0, 1e-6, 1234L);
    }

    /** A very small size for tests. */
    public static ModelConfig tiny(int vocabSize) {
        return new ModelConfig(vocabSize, 16, 24, 2, 2, 64, 10000.0, 1e-6, 7L);
    }

    public int headDim() {
        return hiddenSize / numHeads;
    }

    /** Total number of trainable parameters. */
    public long parameterCount() {
        return 2L * vocabSize * hiddenSize + hiddenSize + numLayers * perLayerParameters();
    }

    /** Parameters of one decoder layer (attention, feed-forward, two norms). */
    public long perLayerParameters() {
        long h = hiddenSize;
        return 4 * h * h + 3 * h * intermediateSize + 2 * h;
    }

    /**
     * Forward-pass FLOPs of one token at a given attention context length: 2 per weight multiply of the
     * matrices it passes through (embedding lookup excluded) plus attention scores and mixing.
     */
    public double forwardFlopsPerToken(double contextLength) {
        return decoderFlopsPerToken(contextLength) + headFlopsPerToken();
    }

    /** Forward FLOPs of one token through every decoder layer at a given context length (no head). */
    public double decoderFlopsPerToken(double contextLength) {
        double h = hiddenSize;
        return 2 * numLayers * (4 * h * h + 3 * h * intermediateSize) + numLayers * 4 * h * contextLength;
    }

    /** Forward FLOPs of one position through the language-model head. */
    public double headFlopsPerToken() {
        return 2.0 * vocabSize * hiddenSize;
    }

    /** The configuration as Hugging Face {@code config.json} fields. */
    public Map<String, Object> toHfConfig() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("architectures", java.util.List.of("LlamaForCausalLM"));
        m.put("model_type", "llama");
        m.put("vocab_size", vocabSize);
        m.put("hidden_size", hiddenSize);
        m.put("intermediate_size", intermediateSize);
        m.put("num_hidden_layers", numLayers);
        m.put("num_attention_heads", numHeads);
        m.put("num_key_value_heads", numHeads);
        m.put("max_position_embeddings", maxPositions);
        m.put("rope_theta", ropeTheta);
        m.put("rms_norm_eps", rmsNormEps);
        m.put("hidden_act", "silu");
        m.put("tie_word_embeddings", false);
        m.put("attention_bias", false);
        m.put("torch_dtype", "float32");
        m.put("rlanything_init_seed", initSeed);
        return m;
    }

    /** Reads the fields written by {@link #toHfConfig()}; {@code source} names the file in errors. */
    public static ModelConfig fromHfConfig(Map<String, Object> m, String source) {
        if (!"llama".equals(m.get("model_type"))) {
            throw new IllegalArgumentException(source + " describes model type " + m.get("model_type")
                    + ", but only \"llama\" is supported.");
        }
        if (m.containsKey("num_key_value_heads") && !m.get("num_key_value_heads").equals(m.get("num_attention_heads"))) {
            throw new IllegalArgumentException(source + " uses grouped-query attention, which this model does not support.");
        }
        if (Boolean.TRUE.equals(m.get("tie_word_embeddings"))) {
            throw new IllegalArgumentException(source + " ties word embeddings, which this model does not support.");
        }
        return new ModelConfig(intField(m, "vocab_size", source), intField(m, "hidden_size", source),
                intField(m, "intermediate_size", source), intField(m, "num_hidden_layers", source),
                intField(m, "num_attention_heads", source), intField(m, "max_position_embeddings", source),
                numField(m, "rope_theta", source).doubleValue(), numField(m, "rms_norm_eps", source).doubleValue(),
                m.containsKey("rlanything_init_seed") ? numField(m, "rlanything_init_seed", source).longValue() : 0L);
    }

    private static int intField(Map<String, Object> m, String key, String source) {
        return Math.toIntExact(numField(m, key, source).longValue());
    }

    private static Number numField(Map<String, Object> m, String key, String source) {
        Object v = m.get(key);
        if (!(v instanceof Number)) {
            throw new IllegalArgumentException(source + " lacks the numeric field \"" + key + "\".");
        }
        return (Number) v;
    }

    private static void positive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0, got " + value + ".");
        }
    }
}
