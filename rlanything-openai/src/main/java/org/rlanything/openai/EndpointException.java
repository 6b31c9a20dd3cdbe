package org.rlanything.openai;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A call to an endpoint that failed for good: a non-retried status (401, 400, ...), or the last try
 * of a retried failure (timeout, connection failure, 429, 5xx). The message names the endpoint
 * (base URL and model), the number of tries, and the HTTP status or the I/O failure; it never holds
 * the API key. An {@link UncheckedIOException}: a command reports it as an I/O failure with its
 * message (not as a bug).
 */
public final class EndpointException extends UncheckedIOException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final int tries;

    EndpointException(String message, int status, int tries, Throwable cause) {
        super(message, failure(message, cause));
        this.status = status;
        this.tries = tries;
    }

    /**
     * The message again as the I/O cause (so a command prints the whole sentence), the failure kept
     * beside it.
     */
    private static IOException failure(String message, Throwable cause) {
        IOException failure = new IOException(message);
        if (cause != null) {
            failure.addSuppressed(cause);
        }
        return failure;
    }

    /** The HTTP status of the last try, or -1 when it failed without one (timeout, connection). */
    public int status() {
        return status;
    }

    /** How many tries were made. */
    public int tries() {
        return tries;
    }
}
