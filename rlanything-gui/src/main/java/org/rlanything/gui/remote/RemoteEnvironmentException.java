package org.rlanything.gui.remote;

/** A remote environment server could not be reached, timed out, or refused a request. */
public final class RemoteEnvironmentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RemoteEnvironmentException(String message, Throwable cause) {
        super(message, cause);
    }

    public RemoteEnvironmentException(String message) {
        super(message);
    }
}
