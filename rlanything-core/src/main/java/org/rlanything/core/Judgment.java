package org.rlanything.core;

import java.util.Objects;

/**
 * One reward-model output on one step: its full text (reasoning then a boxed verdict) and the
 * parsed verdict.
 *
 * @param text the full generated output; kept whole (it is the RM's training response)
 * @param verdict the parsed verdict
 * @param logProb log-probability of the text under the sampling reward model
 * @param payload the backend's record of the tokens produced; may be null
 */
public record Judgment(String text, Verdict verdict, double logProb, Payload payload) {
    public Judgment {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(verdict, "verdict");
    }

    /** A judgment whose verdict is parsed from its text with {@link Verdict#parse}. */
    public static Judgment parsed(String text, double logProb, Payload payload) {
        return new Judgment(text, Verdict.parse(text), logProb, payload);
    }

    /** The payload as {@code type} (see {@link Payload#as}). */
    public <P extends Payload> P payload(Class<P> type) {
        return Payload.as(payload, type, "a judgment");
    }
}
