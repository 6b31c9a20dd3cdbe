package org.rlanything.core;

/**
 * Input the user can fix: a config, an override, a file or folder they named, a task page, an
 * endpoint that cannot serve the run. The message names the file (and line, key or page) and what
 * was expected; the command-line tool reports it as one line with exit 2. Everything else that
 * escapes a command (a plain {@link IllegalArgumentException} or {@link IllegalStateException} from
 * an internal check) is a bug: exit 70.
 *
 * <p>Why a subclass of {@link IllegalArgumentException}: code that adds context to a refusal
 * (catching one to name the file it came from) keeps working on both, and a refusal still reads as
 * an illegal argument to a library caller.
 */
public class BadInputException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
