package org.rlanything.openai;

/**
 * A call to an endpoint that failed for good: a non-retried status (401, 400, ...), or the last try of a
 * retried failure (timeout, connection failure, 429, 5xx). The message names the endpoint (base URL and
 * model), the number of tries, and the HTTP status or the I/O failure; it never holds the API key.
 */
public final class EndpointException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final int tries;

    EndpointException(String message, int status, int tries, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.tries = tries;
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
