package org.rlanything.neural.model;

import java.util.Map;

/**
 * Size of a Llama-style decoder: RMSNorm, rotary positions, SwiGLU feed-forward, causal attention
 * with optionally fewer key/value heads than query heads (grouped-query attention) and optional
 * projection biases, output head untied or tied to the embedding. The {@link #toHfConfig() JSON
 * form} uses Hugging Face's {@code LlamaConfig} field names ({@code Qwen2Config} when the q/k/v
 * projections have biases and the output projection has none); {@link HfModelConfig} reads it.
 *
 * @param vocabSize number of token ids
 * @param hiddenSize model width
 * @param intermediateSize SwiGLU inner width
 * @param numLayers decoder layers
 * @param numHeads query heads (head size = hiddenSize / numHeads, must be even for rotary)
 * @param maxPositions longest sequence (prompt plus response) the rotary tables cover
 * @param ropeTheta rotary base
 * @param rmsNormEps RMSNorm epsilon
 * @param initSeed seed of the deterministic weight initialisation
 * @param numKeyValueHeads key/value heads, dividing numHeads (equal to it: plain multi-head
 *     attention)
 * @param qkvBias whether the q, k and v projections have biases (Qwen2, or Llama's attention_bias)
 * @param outputBias whether the attention output projection has a bias (Llama's attention_bias;
 *     needs qkvBias)
 * @param tieWordEmbeddings whether the output head is the embedding matrix (no {@code
 *     lm_head.weight})
 * @param explicitHeadDim the size of one attention head when it is not hiddenSize / numHeads
 *     (Qwen3's {@code head_dim}); 0 derives it
 * @param qkNorm whether queries and keys pass a per-head RMSNorm before the rotary positions
 *     (Qwen3's {@code q_norm} and {@code k_norm})
 * @param ropeScaling Llama 3's rotary frequency scaling, or null for plain rotary positions
 */
public record ModelConfig(
        int vocabSize,
        int hiddenSize,
        int intermediateSize,
        int numLayers,
        int numHeads,
        int maxPositions,
        double ropeTheta,
        double rmsNormEps,
        long initSeed,
        int numKeyValueHeads,
        boolean qkvBias,
        boolean outputBias,
        boolean tieWordEmbeddings,
        int explicitHeadDim,
        boolean qkNorm,
        RopeScaling ropeScaling) {

    public ModelConfig {
        positive("vocabSize", vocabSize);
        positive("hiddenSize", hiddenSize);
        positive("intermediateSize", intermediateSize);
        positive("numLayers", numLayers);
        positive("numHeads", numHeads);
        positive("maxPositions", maxPositions);
        positive("numKeyValueHeads", numKeyValueHeads);
        if (explicitHeadDim < 0 || explicitHeadDim % 2 != 0) {
            throw new org.rlanything.core.BadInputException(
                    "explicitHeadDim must be 0 (derived) or a positive even size, got "
                            + explicitHeadDim
                            + ".");
        }
        if (explicitHeadDim == 0
                && (hiddenSize % numHeads != 0 || (hiddenSize / numHeads) % 2 != 0)) {
            throw new org.rlanything.core.BadInputException(
                    "hiddenSize ("
                            + hiddenSize
                            + ") must be a multiple of numHeads ("
                            + numHeads
                            + ") with an even head size, as rotary positions rotate pairs of features.");
        }
        if (numHeads % numKeyValueHeads != 0) {
            throw new org.rlanything.core.BadInputException(
                    "numHeads ("
                            + numHeads
                            + ") must be a multiple of numKeyValueHeads ("
                            + numKeyValueHeads
                            + ") for grouped-query attention.");
        }
        if (outputBias && !qkvBias) {
            throw new org.rlanything.core.BadInputException(
                    "An output-projection bias without q/k/v biases is neither Llama's "
                            + "attention_bias nor Qwen2's layout.");
        }
        if (!(ropeTheta > 1) || !(rmsNormEps > 0)) {
            throw new org.rlanything.core.BadInputException(
                    "ropeTheta must be > 1 and rmsNormEps > 0, got "
                            + ropeTheta
                            + " and "
                            + rmsNormEps
                            + ".");
        }
    }

    /** Multi-head attention without biases and with an untied head: the project's own models. */
    public ModelConfig(
            int vocabSize,
            int hiddenSize,
            int intermediateSize,
            int numLayers,
            int numHeads,
            int maxPositions,
            double ropeTheta,
            double rmsNormEps,
            long initSeed) {
        this(
                vocabSize,
                hiddenSize,
                intermediateSize,
                numLayers,
                numHeads,
                maxPositions,
                ropeTheta,
                rmsNormEps,
                initSeed,
                numHeads,
                false,
                false,
                false,
                0,
                false,
                null);
    }

    /** This size with grouped-query attention over {@code kvHeads} key/value heads. */
    public ModelConfig withKeyValueHeads(int kvHeads) {
        return toBuilder().numKeyValueHeads(kvHeads).build();
    }

    /** This size with the given projection biases and head tying. */
    public ModelConfig withBiasesAndTying(boolean qkv, boolean output, boolean tied) {
        return toBuilder().qkvBias(qkv).outputBias(output).tieWordEmbeddings(tied).build();
    }

    /**
     * This size with Qwen3's attention: heads of {@code headDim} features and per-head q/k
     * RMSNorms.
     */
    public ModelConfig withQwen3Attention(int headDim) {
        return toBuilder().explicitHeadDim(headDim).qkNorm(true).build();
    }

    /** This size with Llama 3's rotary frequency scaling ({@code null}: plain rotary). */
    public ModelConfig withRopeScaling(RopeScaling scaling) {
        return toBuilder().ropeScaling(scaling).build();
    }

    /** A builder holding this configuration, to change its attention layout. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * A {@link ModelConfig} whose attention layout is changed one setting at a time ({@link
     * #toBuilder()}); the sizes stay those of the configuration it was made from; {@link #build()}
     * checks it.
     */
    public static final class Builder {
        private final ModelConfig size;
        private int numKeyValueHeads;
        private boolean qkvBias;
        private boolean outputBias;
        private boolean tieWordEmbeddings;
        private int explicitHeadDim;
        private boolean qkNorm;
        private RopeScaling ropeScaling;

        private Builder(ModelConfig from) {
            size = from;
            numKeyValueHeads = from.numKeyValueHeads;
            qkvBias = from.qkvBias;
            outputBias = from.outputBias;
            tieWordEmbeddings = from.tieWordEmbeddings;
            explicitHeadDim = from.explicitHeadDim;
            qkNorm = from.qkNorm;
            ropeScaling = from.ropeScaling;
        }

        /** Sets {@code numKeyValueHeads}. */
        public Builder numKeyValueHeads(int value) {
            numKeyValueHeads = value;
            return this;
        }

        /** Sets {@code qkvBias}. */
        public Builder qkvBias(boolean value) {
            qkvBias = value;
            return this;
        }

        /** Sets {@code outputBias}. */
        public Builder outputBias(boolean value) {
            outputBias = value;
            return this;
        }

        /** Sets {@code tieWordEmbeddings}. */
        public Builder tieWordEmbeddings(boolean value) {
            tieWordEmbeddings = value;
            return this;
        }

        /** Sets {@code explicitHeadDim}. */
        public Builder explicitHeadDim(int value) {
            explicitHeadDim = value;
            return this;
        }

        /** Sets {@code qkNorm}. */
        public Builder qkNorm(boolean value) {
            qkNorm = value;
            return this;
        }

        /** Sets {@code ropeScaling}. */
        public Builder ropeScaling(RopeScaling value) {
            ropeScaling = value;
            return this;
        }

        /** The configuration (checked). */
        public ModelConfig build() {
            return new ModelConfig(
                    size.vocabSize,
                    size.hiddenSize,
                    size.intermediateSize,
                    size.numLayers,
                    size.numHeads,
                    size.maxPositions,
                    size.ropeTheta,
                    size.rmsNormEps,
                    size.initSeed,
                    numKeyValueHeads,
                    qkvBias,
                    outputBias,
                    tieWordEmbeddings,
                    explicitHeadDim,
                    qkNorm,
                    ropeScaling);
        }
    }

    /**
     * The default size: about one million parameters at a vocabulary of 512, trainable on two
     * cores.
     */
    public static ModelConfig defaults(int vocabSize) {
        return new ModelConfig(vocabSize, 128, 344, 4, 4, 512, 10000.0, 1e-6, 1234L);
    }

    /** A very small size for tests. */
    public static ModelConfig tiny(int vocabSize) {
        return new ModelConfig(vocabSize, 16, 24, 2, 2, 64, 10000.0, 1e-6, 7L);
    }

    public int headDim() {
        return explicitHeadDim > 0 ? explicitHeadDim : hiddenSize / numHeads;
    }

    /** Width of the query projection (and the attention output): {@code numHeads * headDim()}. */
    public int querySize() {
        return numHeads * headDim();
    }

    /** Width of the key and value projections: {@code numKeyValueHeads * headDim()}. */
    public int keyValueSize() {
        return numKeyValueHeads * headDim();
    }

    /** Total number of trainable parameters. */
    public long parameterCount() {
        return (tieWordEmbeddings ? 1L : 2L) * vocabSize * hiddenSize
                + hiddenSize
                + numLayers * perLayerParameters();
    }

    /** Parameters of one decoder layer (attention, feed-forward, two norms). */
    public long perLayerParameters() {
        long h = hiddenSize;
        long q = querySize();
        long kv = keyValueSize();
        long biases = (qkvBias ? q + 2 * kv : 0) + (outputBias ? h : 0);
        long norms = 2 * h + (qkNorm ? 2L * headDim() : 0);
        return 2 * h * q + 2 * h * kv + 3 * h * intermediateSize + norms + biases;
    }

    /**
     * Forward-pass FLOPs of one token at a given attention context length: 2 per weight multiply of
     * the matrices it passes through (embedding lookup excluded) plus attention scores and mixing.
     */
    public double forwardFlopsPerToken(double contextLength) {
        return decoderFlopsPerToken(contextLength) + headFlopsPerToken();
    }

    /**
     * Forward FLOPs of one token through every decoder layer at a given context length (no head).
     */
    public double decoderFlopsPerToken(double contextLength) {
        double h = hiddenSize;
        double q = querySize();
        return 2 * numLayers * (2 * h * q + 2 * h * keyValueSize() + 3 * h * intermediateSize)
                + numLayers * 4 * q * contextLength;
    }

    /** Forward FLOPs of one position through the language-model head. */
    public double headFlopsPerToken() {
        return 2.0 * vocabSize * hiddenSize;
    }

    /** The configuration as Hugging Face {@code config.json} fields (see {@link HfModelConfig}). */
    public Map<String, Object> toHfConfig() {
        return HfModelConfig.write(this);
    }

    /**
     * Reads a Hugging Face {@code config.json}; {@code source} names the file in errors (see {@link
     * HfModelConfig}).
     */
    public static ModelConfig fromHfConfig(Map<String, Object> m, String source) {
        return HfModelConfig.read(m, source);
    }

    private static void positive(String name, int value) {
        if (value <= 0) {
            throw new org.rlanything.core.BadInputException(
                    name + " must be > 0, got " + value + ".");
        }
    }
}
