package org.rlanything.neural.provider;

/**
 * A neural section, the policy's or the judge's: what both give {@link TrainableSection}, the one
 * record of the keys by which a section trains its model.
 */
public interface NeuralSection {

    /** {@code learning_rate}; null: chosen from the model's width. */
    Double learningRate();

    /** {@code optimizer_steps}. */
    Integer optimizerSteps();

    /** {@code max_tokens_per_forward}. */
    Integer maxTokensPerForward();

    /** {@code kl_to_start}. */
    Double klToStart();

    /** {@code recompute_layers}. */
    Boolean recomputeLayers();

    /** {@code base_dtype}. */
    String baseDtype();

    /** {@code init}. */
    String init();

    /** {@code lora_rank}. */
    Integer loraRank();

    /** {@code lora_alpha}. */
    Double loraAlpha();

    /** The keys by which this section trains its model. */
    default TrainableSection trainable() {
        return new TrainableSection(
                learningRate(),
                optimizerSteps(),
                maxTokensPerForward(),
                klToStart(),
                recomputeLayers(),
                baseDtype(),
                init(),
                loraRank(),
                loraAlpha());
    }
}
