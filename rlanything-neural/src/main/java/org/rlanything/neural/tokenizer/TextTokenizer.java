package org.rlanything.neural.tokenizer;

/**
 * What the neural models need of a tokenizer: text to ids and back, the special ids that frame
 * prompts and responses, and the Hugging Face files that describe it. Two implementations: the
 * project's own byte-level BPE ({@link BpeTokenizer}, for the embedded models) and a model's own
 * {@code tokenizer.json} run by Hugging Face tokenizers ({@link HfTokenizer}, for imported Llama
 * and Qwen checkpoints).
 */
public interface TextTokenizer extends AutoCloseable {

    /**
     * Token ids of {@code text}; no special token is added (text naming one may still map to it).
     */
    int[] encode(String text);

    /** The text of {@code ids}, special tokens skipped. */
    String decode(int[] ids);

    /** The number of ids this tokenizer can produce (the model's vocabulary may be larger). */
    int vocabSize();

    /** The ids that frame prompts and responses. */
    SpecialTokens specials();

    /**
     * The model's chat template (Jinja, from {@code tokenizer_config.json}), or null when the model
     * has none (a base model, or the project's own tokenizers).
     */
    default String chatTemplate() {
        return null;
    }

    /**
     * The Hugging Face files that describe this tokenizer, by name: {@code tokenizer.json}, {@code
     * tokenizer_config.json} (for a model of {@code maxPositions} positions), {@code
     * generation_config.json}, and {@code chat_template.jinja} where the template came in that
     * file.
     */
    java.util.Map<String, byte[]> files(int maxPositions);

    /**
     * Why this tokenizer cannot be written as a Hugging Face {@code tokenizer.json}, or null when
     * it can.
     */
    default String huggingFaceProblem() {
        return null;
    }

    /** Releases native resources, if any. */
    @Override
    default void close() {}
}
