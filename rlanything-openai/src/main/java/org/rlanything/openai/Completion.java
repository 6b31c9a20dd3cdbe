package org.rlanything.openai;

/**
 * One sample of a reply: its text, or why there is none. A sample without text comes from a reply
 * the server made but the client could not use (malformed JSON, no choices, a choice without
 * content); the roles treat it as a reply without a usable answer (no action, an invalid verdict,
 * no rewrite).
 *
 * @param text the generated text, or {@code null} when the reply had none
 * @param finishReason the server's {@code finish_reason} ({@code stop}, {@code length}, ...), or
 *     {@code null}
 * @param error why there is no text, or {@code null}
 */
public record Completion(String text, String finishReason, String error) {

    public Completion {
        if ((text == null) == (error == null)) {
            throw new IllegalArgumentException("A completion has either a text or an error.");
        }
    }

    public static Completion of(String text, String finishReason) {
        return new Completion(text, finishReason, null);
    }

    public static Completion failed(String error) {
        return new Completion(null, null, error);
    }

    public boolean ok() {
        return text != null;
    }

    /** The text, or the empty string for a failed sample. */
    public String textOrEmpty() {
        return text == null ? "" : text;
    }
}
