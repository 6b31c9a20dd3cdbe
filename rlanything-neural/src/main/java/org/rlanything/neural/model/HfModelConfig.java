package org.rlanything.neural.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link ModelConfig} as a Hugging Face {@code config.json}. Writes {@code LlamaForCausalLM} (with
 * {@code attention_bias} when every attention projection has a bias), {@code Qwen2ForCausalLM}
 * (biases on q, k and v only) or {@code Qwen3ForCausalLM} (per-head q/k norms). Reads those three
 * architectures, with grouped-query attention, tied embeddings, {@code rope_theta}, {@code
 * rms_norm_eps}, {@code head_dim} and Llama 3's {@code rope_scaling}; a setting the decoder does
 * not implement (another rotary scaling, a sliding window, an activation other than SiLU, MLP
 * biases, a Qwen3 without q/k norms) is refused with an error naming the file and the key, never
 * silently ignored.
 */
public final class HfModelConfig {

    private static final Map<String, String> ARCHITECTURES =
            Map.of(
                    "llama",
                    "LlamaForCausalLM",
                    "qwen2",
                    "Qwen2ForCausalLM",
                    "qwen3",
                    "Qwen3ForCausalLM");

    private HfModelConfig() {}

    /** The {@code config.json} fields of {@code c}. */
    public static Map<String, Object> write(ModelConfig c) {
        boolean qwen3 = c.qkNorm();
        boolean qwen2 = !qwen3 && c.qkvBias() && !c.outputBias();
        String type = qwen3 ? "qwen3" : qwen2 ? "qwen2" : "llama";
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("architectures", List.of(ARCHITECTURES.get(type)));
        m.put("model_type", type);
        m.put("vocab_size", c.vocabSize());
        m.put("hidden_size", c.hiddenSize());
        m.put("intermediate_size", c.intermediateSize());
        m.put("num_hidden_layers", c.numLayers());
        m.put("num_attention_heads", c.numHeads());
        m.put("num_key_value_heads", c.numKeyValueHeads());
        m.put("max_position_embeddings", c.maxPositions());
        m.put("rope_theta", c.ropeTheta());
        m.put("rms_norm_eps", c.rmsNormEps());
        m.put("hidden_act", "silu");
        m.put("tie_word_embeddings", c.tieWordEmbeddings());
        if (qwen3 || c.explicitHeadDim() > 0) {
            m.put("head_dim", c.headDim());
        }
        if (qwen2 || qwen3) {
            m.put("use_sliding_window", false);
            m.put("max_window_layers", c.numLayers());
        }
        if (!qwen2) {
            m.put("attention_bias", c.qkvBias());
        }
        if (!qwen2 && !qwen3) {
            m.put("mlp_bias", false);
        }
        if (c.ropeScaling() != null) {
            Map<String, Object> rope = new LinkedHashMap<>();
            rope.put("rope_type", "llama3");
            rope.put("factor", c.ropeScaling().factor());
            rope.put("low_freq_factor", c.ropeScaling().lowFreqFactor());
            rope.put("high_freq_factor", c.ropeScaling().highFreqFactor());
            rope.put("original_max_position_embeddings", c.ropeScaling().originalMaxPositions());
            m.put("rope_scaling", rope);
        }
        m.put("bos_token_id", 1);
        m.put("eos_token_id", 2);
        m.put("pad_token_id", 0);
        m.put("torch_dtype", "float32");
        m.put("rlanything_init_seed", c.initSeed());
        return m;
    }

    /** Reads a Llama or Qwen2 {@code config.json}; {@code source} names the file in errors. */
    public static ModelConfig read(Map<String, Object> m, String source) {
        Object type = architecture(m, source);
        refuseUnless(m, "hidden_act", "silu", source);
        refuseUnless(m, "mlp_bias", false, source);
        refuseUnless(m, "use_sliding_window", false, source);
        RopeScaling ropeScaling = ropeScaling(m.get("rope_scaling"), "rope_scaling", source);
        double ropeTheta =
                m.containsKey("rope_theta")
                        ? number(m, "rope_theta", source).doubleValue()
                        : 10000.0;
        if (m.get("rope_parameters") instanceof Map<?, ?> rope) {
            if (rope.get("rope_type") != null
                    && !"default".equals(rope.get("rope_type"))
                    && ropeScaling == null) {
                ropeScaling = ropeScaling(rope, "rope_parameters", source);
            }
            if (rope.get("rope_theta") instanceof Number theta) {
                ropeTheta = theta.doubleValue();
            }
        }
        int hidden = size(m, "hidden_size", source);
        int heads = size(m, "num_attention_heads", source);
        boolean qwen3 = "qwen3".equals(type);
        int headDim = headDim(m, hidden, heads, source);
        int kvHeads =
                m.get("num_key_value_heads") == null
                        ? heads
                        : size(m, "num_key_value_heads", source);
        boolean qkvBias = "qwen2".equals(type) || flag(m, "attention_bias", source);
        boolean outputBias = !"qwen2".equals(type) && flag(m, "attention_bias", source);
        try {
            return new ModelConfig(
                    size(m, "vocab_size", source),
                    hidden,
                    size(m, "intermediate_size", source),
                    size(m, "num_hidden_layers", source),
                    heads,
                    size(m, "max_position_embeddings", source),
                    ropeTheta,
                    m.containsKey("rms_norm_eps")
                            ? number(m, "rms_norm_eps", source).doubleValue()
                            : 1e-6,
                    m.containsKey("rlanything_init_seed")
                            ? number(m, "rlanything_init_seed", source).longValue()
                            : 0L,
                    kvHeads,
                    qkvBias,
                    outputBias,
                    flag(m, "tie_word_embeddings", source),
                    headDim,
                    qwen3,
                    ropeScaling);
        } catch (IllegalArgumentException e) {
            throw new org.rlanything.core.BadInputException(
                    source + " describes an impossible model: " + e.getMessage(), e);
        }
    }

    /** The {@code model_type}; refuses a type or {@code architectures} this loader cannot load. */
    private static Object architecture(Map<String, Object> m, String source) {
        Object type = m.get("model_type");
        if (!(type instanceof String) || !ARCHITECTURES.containsKey(type)) {
            throw new org.rlanything.core.BadInputException(
                    source
                            + " has \"model_type\": "
                            + quoted(type)
                            + "; only \"llama\" "
                            + "(LlamaForCausalLM), \"qwen2\" (Qwen2ForCausalLM) and \"qwen3\""
                            + " (Qwen3ForCausalLM) can be loaded.");
        }
        if (m.get("architectures") instanceof List<?> archs
                && !archs.isEmpty()
                && !archs.equals(List.of(ARCHITECTURES.get(type)))) {
            throw new org.rlanything.core.BadInputException(
                    source
                            + " has \"architectures\": "
                            + archs
                            + "; a \""
                            + type
                            + "\" model must be ["
                            + ARCHITECTURES.get(type)
                            + "].");
        }
        return type;
    }

    /**
     * The {@code head_dim} (0: the derived hidden / heads, also when it equals that); refuses an
     * odd or non-positive one.
     */
    private static int headDim(Map<String, Object> m, int hidden, int heads, String source) {
        int headDim = 0;
        if (m.get("head_dim") != null) {
            headDim = size(m, "head_dim", source);
            if (headDim <= 0 || headDim % 2 != 0) {
                throw new org.rlanything.core.BadInputException(
                        source
                                + " sets \"head_dim\" to "
                                + m.get("head_dim")
                                + "; rotary positions need a positive even head size.");
            }
            if (heads > 0 && headDim * heads == hidden) {
                headDim = 0; // the derived size: written as such
            }
        }
        return headDim;
    }

    /**
     * Llama 3's scaling from a {@code rope_scaling} (or {@code rope_parameters}) object; null when
     * absent; any other type is refused naming the key.
     */
    private static RopeScaling ropeScaling(Object value, String key, String source) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map<?, ?> rope)) {
            throw new org.rlanything.core.BadInputException(
                    source + " has \"" + key + "\": " + quoted(value) + "; expected an object.");
        }
        Object type = rope.get("rope_type") != null ? rope.get("rope_type") : rope.get("type");
        if (!"llama3".equals(type)) {
            throw new org.rlanything.core.BadInputException(
                    source
                            + " sets \""
                            + key
                            + ".rope_type\" to "
                            + quoted(type)
                            + "; only \"llama3\" scaling (or none) is implemented.");
        }
        try {
            return new RopeScaling(
                    number(rope, "factor", source + " " + key).doubleValue(),
                    number(rope, "low_freq_factor", source + " " + key).doubleValue(),
                    number(rope, "high_freq_factor", source + " " + key).doubleValue(),
                    size(rope, "original_max_position_embeddings", source + " " + key));
        } catch (IllegalArgumentException e) {
            throw new org.rlanything.core.BadInputException(
                    e.getMessage().startsWith(source)
                            ? e.getMessage()
                            : source + " \"" + key + "\": " + e.getMessage(),
                    e);
        }
    }

    private static void refuseUnless(
            Map<String, Object> m, String key, Object supported, String source) {
        Object v = m.get(key);
        if (v != null && !v.equals(supported)) {
            throw new org.rlanything.core.BadInputException(
                    source
                            + " sets \""
                            + key
                            + "\" to "
                            + quoted(v)
                            + "; only "
                            + quoted(supported)
                            + " is implemented.");
        }
    }

    private static boolean flag(Map<String, Object> m, String key, String source) {
        Object v = m.get(key);
        if (v == null) {
            return false;
        }
        if (!(v instanceof Boolean b)) {
            throw new org.rlanything.core.BadInputException(
                    source + " has \"" + key + "\": " + quoted(v) + "; expected true or false.");
        }
        return b;
    }

    /**
     * The largest value each size may have: well above every published model (Llama 3.1 405B has
     * 126 layers, 128 heads, a hidden size of 16384 and an intermediate size of 53248; Gemma's
     * vocabulary holds 262144 entries, Qwen's longest context 1010000 positions), and small enough
     * that the arithmetic of a memory plan or a layout cannot overflow and a plan is made in
     * moments ({@code num_hidden_layers: 1000000} ran out of memory after 88 s).
     */
    static final Map<String, Integer> LARGEST =
            Map.of(
                    "vocab_size", 1 << 21,
                    "hidden_size", 1 << 16,
                    "intermediate_size", 1 << 20,
                    "num_hidden_layers", 1024,
                    "num_attention_heads", 1024,
                    "num_key_value_heads", 1024,
                    "head_dim", 4096,
                    "max_position_embeddings", 1 << 24,
                    "original_max_position_embeddings", 1 << 24);

    /** A size of the model: an integer from 1 to its {@link #LARGEST} value. */
    private static int size(Map<?, ?> m, String key, String source) {
        long n = integer(m, key, source);
        int largest = LARGEST.get(key);
        if (n < 1 || n > largest) {
            throw new org.rlanything.core.BadInputException(
                    source
                            + " has \""
                            + key
                            + "\": "
                            + m.get(key)
                            + "; expected 1 to "
                            + largest
                            + " (larger than any model this tool can hold).");
        }
        return (int) n;
    }

    private static long integer(Map<?, ?> m, String key, String source) {
        Number n = number(m, key, source);
        if (n instanceof java.math.BigInteger big) {
            return big.signum() * Long.MAX_VALUE; // out of every range: refused by the caller
        }
        if (!(n instanceof Integer || n instanceof Long)) {
            throw new org.rlanything.core.BadInputException(
                    source + " has \"" + key + "\": " + n + "; expected an integer.");
        }
        return n.longValue();
    }

    private static Number number(Map<?, ?> m, String key, String source) {
        if (!(m.get(key) instanceof Number n)) {
            throw new org.rlanything.core.BadInputException(
                    source
                            + " lacks the numeric field \""
                            + key
                            + "\""
                            + (m.containsKey(key) ? " (found " + quoted(m.get(key)) + ")" : "")
                            + ".");
        }
        return n;
    }

    private static String quoted(Object v) {
        return v instanceof String ? "\"" + v + "\"" : String.valueOf(v);
    }
}
