package org.rlanything.alfworld.text;

/** A grammar text that cannot be read or compiled; the message names the part that is wrong. */
public final class GrammarException extends Exception {

    private static final long serialVersionUID = 1L;

    public GrammarException(String message) {
        super(message);
    }
}
