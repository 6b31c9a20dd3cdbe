package org.rlanything.alfworld.pddl;

import java.util.List;
import org.rlanything.pddl.lang.PddlException;
import org.rlanything.pddl.lang.SExpr;

/** A PDDL text that is not a well-formed s-expression; the message says where. */
public final class PddlSyntaxException extends Exception {

    private static final long serialVersionUID = 1L;

    public PddlSyntaxException(String message) {
        super(message);
    }

    /**
     * The top-level expressions of {@code text}, read by the shared PDDL reader ({@link SExpr});
     * its refusal (an unbalanced parenthesis, a list nested too deep, an invisible character in a
     * symbol) becomes this exception, naming {@code part} and the line.
     */
    static List<SExpr> expressions(String text, String part) throws PddlSyntaxException {
        try {
            return SExpr.parseAll(text, part);
        } catch (PddlException e) {
            throw new PddlSyntaxException(e.getMessage());
        }
    }
}
