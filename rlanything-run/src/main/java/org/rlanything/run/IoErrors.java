package org.rlanything.run;

/**
 * I/O errors as one sentence for the user: what failed, then the reason and the file it concerns.
 */
public final class IoErrors {

    private IoErrors() {}

    /** An I/O error as one sentence: the message, then the reason with the file it concerns. */
    public static String describe(Throwable e) {
        String own = reason(e);
        Throwable cause = e.getCause();
        String why = cause == null || cause == e ? null : describe(cause);
        if (own == null) {
            // an error without a message of its own (an unresolved address): its kind, or its cause
            return why != null ? why : e.getClass().getSimpleName();
        }
        return why == null || own.contains(why) ? own : own + " (" + why + ")";
    }

    private static String reason(Throwable e) {
        if (e instanceof java.nio.file.AccessDeniedException denied) {
            return "permission denied: " + denied.getFile() + " (check its permissions)";
        }
        if (e instanceof java.nio.file.NoSuchFileException missing) {
            return "no such file or folder: " + missing.getFile();
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getFile() + ": " + fs.getReason();
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "the file is not UTF-8 text (a binary or compressed file?)";
        }
        if (e instanceof java.io.UncheckedIOException
                && e.getCause() != null
                && String.valueOf(e.getMessage()).equals(e.getCause().toString())) {
            return null;
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? null : e.getMessage();
    }
}
