package org.rlanything.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
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
 * printed, and its last lines of output, so that a failure can say why the process stopped. The
 * process is ended when the run closes, and by a shutdown hook when the tool exits first.
 */
final class RemoteProcess implements AutoCloseable {

    /** The line the server prints once it listens (the Python SDK's {@code serve}). */
    static final Pattern READY = Pattern.compile("rlanything-remote listening on (\\S+)");

    private static final int KEPT_LINES = 20;

    private final Process process;
    private final URI address;
    private final Deque<String> lastLines = new ArrayDeque<>();
    private final Thread hook;

    private RemoteProcess(Process process, URI address) {
        this.process = process;
        this.address = address;
        this.hook = new Thread(process::destroyForcibly, "rlanything-remote-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Starts {@code command} and waits up to {@code startS} seconds for its address line.
     *
     * @throws RemoteEnvironmentException when it cannot start, exits, or prints no address in time
     */
    static RemoteProcess start(String command, double startS) {
        List<String> words = Arrays.asList(command.strip().split("\\s+"));
        Process process;
        try {
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
                                        return URI.create(
                                                m.group(1).endsWith("/")
                                                        ? m.group(1)
                                                        : m.group(1) + "/");
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
            process.destroyForcibly();
            throw new RemoteEnvironmentException(
                    "environment.command '"
                            + command
                            + "' printed no 'rlanything-remote listening on URL' line within "
                            + startS
                            + " s"
                            + lastWords(early));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new RemoteEnvironmentException("Interrupted while starting " + command, e);
        } catch (ExecutionException e) {
            process.destroyForcibly();
            throw new RemoteEnvironmentException("Cannot read the output of " + command, e);
        }
        if (address == null) {
            process.destroyForcibly();
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
        process.destroy();
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the tool is exiting: the hook runs anyway
        }
    }
}
