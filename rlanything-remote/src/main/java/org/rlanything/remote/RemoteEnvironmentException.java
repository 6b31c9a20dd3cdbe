package org.rlanything.remote;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A remote environment could not be reached, timed out, answered something that is not the
 * protocol, or refused a request. An I/O failure: the command line ends the run with exit code 1
 * and this one-line message, and {@code train --resume} continues from the last checkpoint.
 */
public final class RemoteEnvironmentException extends UncheckedIOException {

    private static final long serialVersionUID = 1L;

    public RemoteEnvironmentException(String message, Throwable cause) {
        super(oneLine(message), withSuppressed(new IOException(oneLine(message)), cause));
    }

    /**
     * The message under an {@link IOException} that holds the original failure as suppressed (for
     * {@code --debug}'s stack trace), so that the command line's one-line error is this message
     * alone: it already names the reason.
     */
    private static IOException withSuppressed(IOException carrier, Throwable cause) {
        if (cause != null) {
            carrier.addSuppressed(cause);
        }
        return carrier;
    }

    public RemoteEnvironmentException(String message) {
        this(message, null);
    }

    /** {@code text} on one line, at most 300 characters (a server's answer may be long). */
    static String oneLine(String text) {
        String line = text == null ? "" : text.strip().replaceAll("\\s*\\R\\s*", " ");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
