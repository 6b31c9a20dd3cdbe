package org.rlanything.gui;

/**
 * A task page that cannot be played: its script throws or never ends, it navigates away, crashes
 * its tab or shows more elements than an observation holds. The page's fault, not the browser's: an
 * episode on it is not re-run; a command that was given the page reports it as bad input (the
 * message names the page and what it did).
 */
public final class PageFailedException extends org.rlanything.core.BadInputException {

    private static final long serialVersionUID = 1L;

    public PageFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
