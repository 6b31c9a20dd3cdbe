package org.rlanything.hazelcast;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The cluster could not do the work: no worker joined, or a worker failed; the message names the
 * far end.
 */
final class ClusterException extends UncheckedIOException {

    private static final long serialVersionUID = 1L;

    ClusterException(String message, Throwable cause) {
        super(message, new IOException(message, cause));
    }
}
