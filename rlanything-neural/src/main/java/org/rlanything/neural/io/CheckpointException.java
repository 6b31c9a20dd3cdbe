package org.rlanything.neural.io;

import java.io.IOException;

/** A checkpoint file is missing, truncated, corrupt or inconsistent; the message names the file. */
public class CheckpointException extends IOException {

    private static final long serialVersionUID = 1L;

    public CheckpointException(String message) {
        super(message);
    }

    public CheckpointException(String message, Throwable cause) {
        super(message, cause);
    }
}
