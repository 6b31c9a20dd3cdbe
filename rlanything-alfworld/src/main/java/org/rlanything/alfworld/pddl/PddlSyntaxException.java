package org.rlanything.alfworld.pddl;

/** A PDDL text that is not a well-formed s-expression; the message says where. */
public final class PddlSyntaxException extends Exception {

    private static final long serialVersionUID = 1L;

    public PddlSyntaxException(String message) {
        super(message);
    }
}
