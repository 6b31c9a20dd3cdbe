package org.rlanything.pddl.lang;

/**
 * A PDDL file this module cannot use: malformed text, or a construct it does not support. The
 * message is one line naming the file (and the line where known) and the construct, so that the
 * command line reports it as bad input (exit 2).
 */
public final class PddlException extends org.rlanything.core.BadInputException {

    private static final long serialVersionUID = 1L;

    private PddlException(String message) {
        super(message);
    }

    /** A construct outside the supported subset, e.g. {@code :durative-actions}. */
    public static PddlException unsupported(String file, int line, String construct) {
        return new PddlException(
                file + where(line) + ": unsupported PDDL construct " + construct + ".");
    }

    /** Text that is not well-formed PDDL; {@code what} says what was expected. */
    public static PddlException malformed(String file, int line, String what) {
        return new PddlException(file + where(line) + ": " + what);
    }

    private static String where(int line) {
        return line > 0 ? ":" + line : "";
    }
}
