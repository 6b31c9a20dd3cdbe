package org.rlanything.run;

/**
 * A run folder that cannot be used as asked: held by another process, already holding a run, or
 * with a corrupt log or checkpoint. The message names the folder (and file and line) and what to
 * do; exit code 2.
 */
public final class RunFolderException extends org.rlanything.core.BadInputException {

    private static final long serialVersionUID = 1L;

    public RunFolderException(String message) {
        super(message);
    }

    public RunFolderException(String message, Throwable cause) {
        super(message, cause);
    }
}
