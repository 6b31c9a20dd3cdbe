package org.rlanything.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An environment server this run started ({@code environment.command}): the process, the address it
 * printed, and its last lines of output, so that a failure can say why the process stopped.
 *
 * <p>The server never outlives the run. It is started through a small shell wrapper ({@link
 * #WRAPPER}) that puts it in a process group of its own and watches its own standard input, a pipe
 * only this tool holds: when the pipe closes (the run closed the environment, or the tool died,
 * even by {@code kill -9}, which runs no shutdown hook) the wrapper stops the whole group (TERM,
 * then KILL after 2 s), the server's own children included, and every other descendant of the
 * server (one in a session of its own, such as a game a Python server drives on a pseudo-terminal,
 * is in no group of the server's). The wrapper exits with the server's exit code, so a failure
 * still names it.
 */
final class RemoteProcess implements AutoCloseable {

    /** The line the server prints once it listens (the Python SDK's {@code serve}). */
    static final Pattern READY = Pattern.compile("rlanything-remote listening on (\\S+)");

    /**
     * The wrapper, run by {@code /bin/sh -c} with the server's words as its arguments: the server
     * in a session (and process group) of its own where {@code setsid} exists, a watcher that stops
     * that group once standard input ends (a loop of the shell's own {@code read}, so that no child
     * of its own outlives it), and the server's exit code as its own. Why a shell and not Java: a
     * process cannot ask to be signalled when its parent dies without native code (Linux's {@code
     * PR_SET_PDEATHSIG}), but a pipe's end is seen by any reader.
     */
    static final String WRAPPER =
            String.join(
                    "\n",
                    "exec 3<&0 0</dev/null",
                    "if command -v setsid >/dev/null 2>&1; then setsid \"$@\" 3<&- &"
                            + " else \"$@\" 3<&- & fi",
                    "server=$!",
                    // the server's descendants, found before it ends (then they are init's): a
                    // child in a session of its own (a game on a pseudo-terminal) is not in its
                    // group
                    "kids() { for c in $( { ps -o pid= --ppid \"$1\""
                            + " || cat /proc/\"$1\"/task/*/children; } 2>/dev/null);"
                            + " do echo \"$c\"; kids \"$c\"; done; }",
                    "stop() { tree=$(kids \"$server\"); kill -TERM -\"$server\" 2>/dev/null"
                            + " || kill -TERM \"$server\" 2>/dev/null;"
                            + " [ -z \"$tree\" ] || kill -TERM $tree 2>/dev/null; }",
                    // once stopping, the watcher sees it through: the server's end, which makes
                    // the wrapper end the watcher, must not cut the KILL of what ignored TERM
                    "{ while read -r _; do :; done; trap '' TERM; stop; sleep 2;"
                            + " kill -KILL -\"$server\" 2>/dev/null"
                            + " || kill -KILL \"$server\" 2>/dev/null;"
                            + " [ -z \"$tree\" ] || kill -KILL $tree 2>/dev/null; } <&3 2>/dev/null &",
                    "watcher=$!",
                    // the wrapper's own messages go nowhere: once the tool is gone, a word on the
                    // dead pipe would end the wrapper (SIGPIPE) before it ends the watcher
                    "exec 3<&- 2>/dev/null",
                    "trap stop TERM INT HUP",
                    "while :; do",
                    "  wait \"$server\"; code=$?",
                    "  kill -0 \"$server\" 2>/dev/null || break",
                    "done",
                    "kill -TERM \"$watcher\" 2>/dev/null",
                    "kill -KILL -\"$server\" 2>/dev/null",
                    "exit \"$code\"");

    private static final int KEPT_LINES = 20;

    private final Process process;
    private final URI address;
    private final Deque<String> lastLines = new ArrayDeque<>();
    private final Thread hook;

    private RemoteProcess(Process process, URI address) {
        this.process = process;
        this.address = address;
        this.hook = new Thread(this::stop, "rlanything-remote-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Starts {@code command} and waits up to {@code startS} seconds for its address line.
     *
     * @throws RemoteEnvironmentException when it cannot start, exits, or prints no address in time
     */
    static RemoteProcess start(String command, double startS) {
        List<String> words =
                new ArrayList<>(List.of("/bin/sh", "-c", WRAPPER, "rlanything-remote"));
        words.addAll(Arrays.asList(command.strip().split("\\s+")));
        Process process;
        try {
            // the wrapper's standard input stays open, unwritten, until close() or the tool's end
            process = new ProcessBuilder(words).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new RemoteEnvironmentException(
                    "environment.command '" + command + "' cannot start: " + e.getMessage(), e);
        }
        BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Deque<String> early = new ArrayDeque<>();
        CompletableFuture<URI> ready =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                for (String line; (line = out.readLine()) != null; ) {
                                    Matcher m = READY.matcher(line);
                                    if (m.find()) {
                                        try {
                                            return RemoteEnvironmentConfig.address(m.group(1));
                                        } catch (IllegalArgumentException e) {
                                            throw new RemoteEnvironmentException(
                                                    "environment.command '"
                                                            + command
                                                            + "' printed an address that is none: "
                                                            + RemoteSettings.shown(line));
                                        }
                                    }
                                    keep(early, line);
                                }
                            } catch (IOException e) {
                                // the process closed its output: reported below
                            }
                            return null;
                        });
        URI address;
        try {
            address = ready.get((long) (startS * 1000), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            stop(process);
            throw new RemoteEnvironmentException(
                    "environment.command '"
                            + command
                            + "' printed no 'rlanything-remote listening on URL' line within "
                            + startS
                            + " s"
                            + lastWords(early));
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new RemoteEnvironmentException("Interrupted while starting " + command, e);
        } catch (ExecutionException e) {
            stop(process);
            if (e.getCause() instanceof RemoteEnvironmentException named) {
                throw named;
            }
            throw new RemoteEnvironmentException("Cannot read the output of " + command, e);
        }
        if (address == null) {
            stop(process);
            throw new RemoteEnvironmentException(
                    "environment.command '"
                            + command
                            + "' ended before it listened"
                            + exitCode(process)
                            + lastWords(early));
        }
        RemoteProcess started = new RemoteProcess(process, address);
        synchronized (started.lastLines) {
            early.forEach(started.lastLines::add);
        }
        Thread drain =
                new Thread(
                        () -> {
                            try {
                                for (String line; (line = out.readLine()) != null; ) {
                                    synchronized (started.lastLines) {
                                        keep(started.lastLines, line);
                                    }
                                }
                            } catch (IOException e) {
                                // closed: the process ended
                            }
                        },
                        "rlanything-remote-output");
        drain.setDaemon(true);
        drain.start();
        return started;
    }

    private static void keep(Deque<String> lines, String line) {
        if (!line.isBlank()) {
            lines.addLast(line.strip());
            if (lines.size() > KEPT_LINES) {
                lines.removeFirst();
            }
        }
    }

    private static String exitCode(Process process) {
        try {
            return process.waitFor(2, TimeUnit.SECONDS)
                    ? " (exit code " + process.exitValue() + ")"
                    : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static String lastWords(Deque<String> lines) {
        return lines.isEmpty() ? "." : "; its last output: " + lines.peekLast();
    }

    /** The address the server printed. */
    URI address() {
        return address;
    }

    /**
     * Why the server cannot answer any more (its process exited, with its code and last output
     * line), or null while it runs.
     */
    String gone() {
        if (process.isAlive()) {
            return null;
        }
        String last;
        synchronized (lastLines) {
            last = lastWords(lastLines);
        }
        return "the environment process exited with code "
                + process.exitValue()
                + (last.equals(".") ? "" : last);
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the tool is exiting: the hook runs anyway
        }
    }

    /**
     * Ends the server: closing the wrapper's standard input makes it stop the server's process
     * group; what is left after 5 s (a wrapper that did not start its watcher) is killed.
     */
    private void stop() {
        stop(process);
    }

    private static void stop(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed: the wrapper saw the end of its input
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
