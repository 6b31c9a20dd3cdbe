package org.rlanything.gui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether Chromium's own sandbox (its renderer processes in namespaces of their own, with a seccomp
 * filter) can run here, so that it is kept wherever it can.
 *
 * <p>It cannot as root (Chromium refuses to start sandboxed as root), nor where user namespaces are
 * not allowed (many containers): there the browser runs with {@code --no-sandbox} and a note on
 * stderr says so once. As another user the sandbox is tried first; a browser that does not start
 * with it is started once more without it, and the note says why.
 */
final class ChromiumSandbox {

    private static volatile boolean usable = !runsAsRoot();
    private static volatile boolean noted;

    private ChromiumSandbox() {}

    /** Whether the next browser starts with the sandbox. */
    static boolean usable() {
        if (!usable) {
            note(
                    runsAsRoot()
                            ? "running as root, where Chromium's sandbox cannot run"
                            : "a browser did not start with it");
        }
        return usable;
    }

    /** A sandboxed browser did not start: the next ones start without the sandbox. */
    static void failed() {
        usable = false;
    }

    private static synchronized void note(String why) {
        if (!noted) {
            noted = true;
            System.err.println(
                    "rlanything: note: the browsers run without Chromium's sandbox ("
                            + why
                            + "); task pages still see only their own folder.");
        }
    }

    /** Whether this process's effective user is root (the owner of /proc/self). */
    static boolean runsAsRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
