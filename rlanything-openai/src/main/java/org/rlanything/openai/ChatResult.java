package org.rlanything.openai;

import java.util.List;

/**
 * The m samples of one logical request, with what they cost.
 *
 * @param completions one per sample index, in order
 * @param promptTokens prompt tokens the server reported over the HTTP replies that produced these
 *     samples
 * @param completionTokens completion tokens likewise
 * @param latencySeconds wall time of those replies (as recorded, for replayed samples)
 * @param replayed how many samples came from the response log instead of the server
 */
public record ChatResult(
        List<Completion> completions,
        long promptTokens,
        long completionTokens,
        double latencySeconds,
        int replayed) {
    public ChatResult {
        completions = List.copyOf(completions);
    }

    /** The texts, the empty string for failed samples. */
    public List<String> texts() {
        return completions.stream().map(Completion::textOrEmpty).toList();
    }
}
