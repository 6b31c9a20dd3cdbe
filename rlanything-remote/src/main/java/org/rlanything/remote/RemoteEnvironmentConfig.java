package org.rlanything.remote;

import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * {@code environment.kind: remote}: an environment in another process that speaks the remote
 * protocol (rlanything-remote/README.md), started by the run ({@code command}) or already running
 * ({@code url}).
 *
 * @param url the server's base address, {@code http://host:port/}; empty when {@code command}
 *     starts it
 * @param command the command that starts the server, words separated by spaces (no shell), run in
 *     the working directory; the server prints {@code rlanything-remote listening on URL} as its
 *     first line (the Python SDK's {@code serve} does); empty when {@code url} names a running one
 * @param poolSize slots of the task pool: the server's first {@code pool_size} training tasks
 * @param evalTasks held-out tasks the evaluation plays (the server's {@code eval} split); 0: none
 * @param maxSteps H, the step limit of a rollout
 * @param timeoutS seconds one request may take before it is sent again
 * @param retries how many times a request is sent again after a timeout, a lost connection or a 5xx
 *     answer
 * @param startS seconds the started server may take to print its address
 * @param name the short name of the metrics ({@code val-core/NAME/success}) and the report
 */
public record RemoteEnvironmentConfig(
        String url,
        String command,
        Integer poolSize,
        Integer evalTasks,
        Integer maxSteps,
        Double timeoutS,
        Integer retries,
        Double startS,
        String name)
        implements EnvironmentConfig {

    public RemoteEnvironmentConfig {
        url = url == null ? "" : url.strip();
        command = command == null ? "" : command.strip();
        if (!url.isEmpty()) {
            address(url);
        }
        poolSize = Check.between("pool_size", poolSize, 16, 1, Check.MAX_POOL);
        evalTasks = Check.between("eval_tasks", evalTasks, 16, 0, Check.MAX_POOL);
        maxSteps = Check.between("max_steps", maxSteps, 20, 1, 1000);
        timeoutS = Check.positive("timeout_s", timeoutS, 30.0, 3600.0);
        retries = Check.between("retries", retries, 2, 0, 10);
        startS = Check.positive("start_s", startS, 30.0, 3600.0);
        name = Check.nonEmpty("name", name, "remote");
    }

    /**
     * The server's base address of {@code url} (with a trailing {@code /}); refuses, naming the
     * key, a text that is no http or https address with a host ({@code http://[::1}).
     */
    static java.net.URI address(String url) {
        if (!url.startsWith("http://") && !url.startsWith("https://")) {
            throw new InvalidValueException(
                    "url",
                    "expected an http:// or https:// address, got '"
                            + RemoteSettings.shown(url)
                            + "'.");
        }
        java.net.URI uri;
        try {
            uri = new java.net.URI(url.endsWith("/") ? url : url + "/");
        } catch (java.net.URISyntaxException e) {
            throw new InvalidValueException(
                    "url",
                    "'"
                            + RemoteSettings.shown(url)
                            + "' is not an address ("
                            + RemoteSettings.shown(e.getReason())
                            + " at character "
                            + e.getIndex()
                            + ").");
        }
        if (uri.getHost() == null) {
            throw new InvalidValueException(
                    "url",
                    "'"
                            + RemoteSettings.shown(url)
                            + "' names no host (expected http://HOST:PORT/).");
        }
        return uri;
    }

    /** Every key at its default (a run names {@code url} or {@code command}). */
    static RemoteEnvironmentConfig defaults() {
        return new RemoteEnvironmentConfig(null, null, null, null, null, null, null, null, null);
    }

    /** Refuses settings that name no server, or two (checked when the environment is made). */
    void requireOneServer() {
        if (url.isEmpty() == command.isEmpty()) {
            throw new InvalidValueException(
                    url.isEmpty() ? "command" : "url",
                    "name either environment.url (a running server) or environment.command (the"
                            + " command that starts one), not "
                            + (url.isEmpty() ? "neither." : "both."));
        }
    }
}
