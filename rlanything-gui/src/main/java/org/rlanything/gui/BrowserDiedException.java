package org.rlanything.gui;

/**
 * The browser under an episode is gone (its process crashed or was killed, or the driver lost it).
 * Not the policy's fault: an episode that ends this way is re-run on a fresh browser.
 */
public final class BrowserDiedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public BrowserDiedException(String message, Throwable cause) {
        super(message, cause);
    }
}
