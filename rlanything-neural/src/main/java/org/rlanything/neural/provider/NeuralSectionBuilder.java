package org.rlanything.neural.provider;

/**
 * A neural section written in Java rather than read from a config, its keys set one at a time; a
 * key left unset keeps its default, as a key left out of the config does. The keys both sections
 * have are set here ({@link NeuralPolicyConfig#builder()}, {@link
 * NeuralRewardModelConfig#builder()} add their own).
 *
 * @param <B> the builder of one section
 */
public abstract class NeuralSectionBuilder<B extends NeuralSectionBuilder<B>> {
    Double learningRate;
    Integer optimizerSteps;
    Double temperature;
    Integer maxTokens;
    Integer maxTokensPerForward;
    Double klToStart;
    Boolean recomputeLayers;
    String baseDtype;
    String init;
    Integer loraRank;
    Double loraAlpha;
    WarmStartConfig warmStart;

    NeuralSectionBuilder() {}

    /** This builder, as its own type. */
    abstract B self();

    /** {@code learning_rate}. */
    public B learningRate(double value) {
        learningRate = value;
        return self();
    }

    /** {@code optimizer_steps}. */
    public B optimizerSteps(int value) {
        optimizerSteps = value;
        return self();
    }

    /** {@code temperature}. */
    public B temperature(double value) {
        temperature = value;
        return self();
    }

    /** {@code max_tokens}. */
    public B maxTokens(int value) {
        maxTokens = value;
        return self();
    }

    /** {@code max_tokens_per_forward}. */
    public B maxTokensPerForward(int value) {
        maxTokensPerForward = value;
        return self();
    }

    /** {@code kl_to_start}. */
    public B klToStart(double value) {
        klToStart = value;
        return self();
    }

    /** {@code recompute_layers}. */
    public B recomputeLayers(boolean value) {
        recomputeLayers = value;
        return self();
    }

    /** {@code base_dtype}. */
    public B baseDtype(String value) {
        baseDtype = value;
        return self();
    }

    /** {@code init}. */
    public B init(String value) {
        init = value;
        return self();
    }

    /** {@code lora_rank}. */
    public B loraRank(int value) {
        loraRank = value;
        return self();
    }

    /** {@code lora_alpha}. */
    public B loraAlpha(double value) {
        loraAlpha = value;
        return self();
    }

    /** {@code warm_start}. */
    public B warmStart(WarmStartConfig value) {
        warmStart = value;
        return self();
    }
}
