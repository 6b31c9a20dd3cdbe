package org.rlanything.it.remote;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.rlanything.remote.RemoteClient;
import org.rlanything.remote.RemoteServer;
import org.rlanything.remote.RemoteSettings;

/**
 * The SDK's examples that wrap real programs, each started in its own Debian Python process and
 * reached through this project's client, as {@code environment.kind: remote} reaches them; {@link
 * #stop} ends every process started.
 */
final class PythonExamples {

    /** Debian's Python: only it imports Debian's python3-pyte. */
    static final String PYTHON = "/usr/bin/python3";

    private final List<Process> started = Collections.synchronizedList(new ArrayList<>());

    /** The example {@code python/examples/<file>}. */
    static Path example(String file) {
        return Path.of("..", "rlanything-remote", "python", "examples", file)
                .toAbsolutePath()
                .normalize();
    }

    /** Whether Debian's Python imports {@code module}. */
    static boolean imports(String module) throws IOException, InterruptedException {
        return new ProcessBuilder(PYTHON, "-c", "import " + module).start().waitFor() == 0;
    }

    /** Whether {@code program} is installed and executable. */
    static boolean installed(Path program) {
        return Files.isExecutable(program);
    }

    /** The example served on a free port, its environment changed by {@code env}. */
    RemoteServer serve(Path example, Map<String, String> env) throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder(PYTHON, example.toString(), "--port", "0")
                        .redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        started.add(process);
        BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String first =
                CompletableFuture.supplyAsync(
                                () -> {
                                    try {
                                        return out.readLine();
                                    } catch (IOException e) {
                                        return null;
                                    }
                                })
                        .get(30, TimeUnit.SECONDS);
        assertTrue(first != null && first.contains("listening on http://"), String.valueOf(first));
        CompletableFuture.runAsync(() -> out.lines().forEach(line -> {})); // its later output
        URI address = URI.create(first.substring(first.indexOf("http://")).strip());
        return new RemoteServer(
                new RemoteClient(
                        new RemoteSettings(
                                address,
                                Duration.ofSeconds(5),
                                Duration.ofSeconds(60),
                                0,
                                Duration.ofMillis(100))));
    }

    /** Ends every process {@link #serve} started. */
    void stop() throws InterruptedException {
        for (Process process : started) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
