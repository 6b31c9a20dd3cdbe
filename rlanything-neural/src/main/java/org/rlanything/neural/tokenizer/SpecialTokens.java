package org.rlanything.neural.tokenizer;

import java.util.Arrays;

/**
 * The special ids of a tokenizer.
 *
 * @param promptPrefix ids put before a plain (non-chat) prompt, such as Llama's {@code
 *     <|begin_of_text|>}; empty when the tokenizer adds none (Qwen)
 * @param endOfResponse the id appended to a response so that the model learns to stop (the chat
 *     models' end-of-turn token, {@code eos_token} of {@code tokenizer_config.json})
 * @param stops every id that ends generation ({@code endOfResponse} and {@code eos_token_id} of
 *     {@code generation_config.json})
 * @param pad the id that fills finished rows of a batch (never attended to)
 */
public record SpecialTokens(int[] promptPrefix, int endOfResponse, int[] stops, int pad) {

    public SpecialTokens {
        promptPrefix = promptPrefix.clone();
        stops = stops.clone();
        if (Arrays.stream(stops).noneMatch(s -> s == endOfResponse)) {
            throw new org.rlanything.core.BadInputException(
                    "The end-of-response id " + endOfResponse + " must be one of the stop ids.");
        }
    }

    @Override
    public int[] promptPrefix() {
        return promptPrefix.clone();
    }

    @Override
    public int[] stops() {
        return stops.clone();
    }

    /** Whether generation ends at {@code id}. */
    public boolean isStop(int id) {
        for (int s : stops) {
            if (s == id) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SpecialTokens s
                && Arrays.equals(promptPrefix, s.promptPrefix)
                && endOfResponse == s.endOfResponse
                && Arrays.equals(stops, s.stops)
                && pad == s.pad;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(promptPrefix) * 31 + endOfResponse + Arrays.hashCode(stops) + pad;
    }

    @Override
    public String toString() {
        return "SpecialTokens[prefix="
                + Arrays.toString(promptPrefix)
                + ", end="
                + endOfResponse
                + ", stops="
                + Arrays.toString(stops)
                + ", pad="
                + pad
                + "]";
    }
}
