package org.rlanything.gui;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Kills this JVM's browsers when the JVM dies, however it dies.
 *
 * <p>Why: ChromeDriver and Chromium are separate processes. When the trainer is killed ({@code kill
 * -9}, out of memory, a crashed machine's restart script), nothing in the JVM runs, and the
 * browsers stay: about 0.3 GiB each, measured here with 27 processes left by one killed two-browser
 * run. A shutdown hook cannot help against {@code kill -9}; Linux's parent-death signal follows the
 * thread that started the child, not the process.
 *
 * <p>How: one small watchdog shell per JVM, started on first need, whose standard input is a pipe
 * from this JVM. Each browser registers its processes and its profile folder as lines on that pipe.
 * The JVM is the pipe's only writer (Java closes inherited descriptors in every child it starts),
 * so the watchdog reads end-of-file exactly when the JVM has exited, normally or not; it then kills
 * each registered process whose command line still holds its marker (so a process id reused by an
 * unrelated program is left alone) and deletes the folders. The watchdog ignores the interrupt,
 * hang-up and terminate signals, so a Ctrl-C to the terminal's process group does not take it down
 * before its work. Chromium's helper processes (zygotes, renderers, GPU, crash handlers) end by
 * themselves when its main process is killed.
 */
final class BrowserReaper {

    /** Reads registrations until end-of-file, then acts on them. */
    private static final String SCRIPT =
            "trap '' INT TERM HUP\n"
                    + "lines=''\n"
                    + "while IFS= read -r line; do lines=\"$lines\n$line\"; done\n"
                    // first every kill, so that no browser writes into a folder being deleted
                    + "printf '%s\\n' \"$lines\" | while read -r verb rest; do\n"
                    + "  [ \"$verb\" = kill ] || continue\n"
                    + "  pid=${rest%% *}; marker=${rest#* }\n"
                    + "  if tr '\\000' ' ' < /proc/$pid/cmdline 2>/dev/null"
                    + " | grep -qF -- \"$marker\"; then kill -9 \"$pid\" 2>/dev/null; fi\n"
                    + "done\n"
                    + "sleep 1\n"
                    + "printf '%s\\n' \"$lines\" | while read -r verb rest; do\n"
                    + "  [ \"$verb\" = rm ] && rm -rf -- \"$rest\"\n"
                    + "done\n";

    private static BrowserReaper shared;

    private final Process watchdog;
    private final OutputStream pipe;

    BrowserReaper() {
        try {
            watchdog =
                    new ProcessBuilder("/bin/sh", "-c", SCRIPT)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the browsers' watchdog (/bin/sh)", e);
        }
        pipe = watchdog.getOutputStream();
    }

    /** The JVM's one reaper, started on first use. */
    static synchronized BrowserReaper shared() {
        if (shared == null || !shared.watchdog.isAlive()) {
            shared = new BrowserReaper();
        }
        return shared;
    }

    /**
     * Kills {@code process} when the JVM dies, if its command line then still contains {@code
     * marker}.
     */
    synchronized void killOnExit(ProcessHandle process, String marker) {
        if (marker.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a marker is one line: " + marker);
        }
        send("kill " + process.pid() + " " + marker);
    }

    /** Deletes {@code folder} when the JVM dies (after the kills). */
    synchronized void deleteOnExit(Path folder) {
        send("rm " + folder.toAbsolutePath());
    }

    private void send(String line) {
        try {
            pipe.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            pipe.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("The browsers' watchdog is gone", e);
        }
    }

    /**
     * Closes the pipe as the JVM's death would, and waits for the watchdog to finish (tests).
     *
     * @return whether it finished within {@code seconds}
     */
    boolean actNow(long seconds) throws InterruptedException {
        try {
            pipe.close();
        } catch (IOException e) {
            // closed already
        }
        return watchdog.waitFor(seconds, java.util.concurrent.TimeUnit.SECONDS);
    }
}
