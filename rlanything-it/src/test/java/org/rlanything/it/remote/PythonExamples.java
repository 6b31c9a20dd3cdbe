package org.rlanything.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.rlanything.core.RewriteGoal;
import org.rlanything.remote.JsonTask;
import org.rlanything.remote.RemoteClient;
import org.rlanything.remote.RemoteServer;
import org.rlanything.remote.RemoteSettings;

/**
 * The SDK's examples that wrap real programs, each started in its own Debian Python process and
 * reached through this project's client, as {@code environment.kind: remote} reaches them; {@link
 * #stop} ends every process started. With the checks the game examples share: their {@code /info}
 * and task splits, and rewrites that step the program's {@code power}.
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

    /**
     * The example offers its solver and {@code features} policy features, and its held-out tasks
     * never share a seed with its training tasks; returns its first 4 training tasks.
     */
    static List<JsonTask> checkInfoAndSplits(RemoteServer server, int features) {
        RemoteServer.Info info = server.info();
        assertTrue(info.demonstrates(), "the greedy player is offered as /demonstrate");
        assertEquals(features, info.policyFeatures().size(), info.policyFeatures().toString());
        List<JsonTask> train = server.tasks("train", 4, 1);
        Set<String> seeds = new HashSet<>();
        for (JsonTask task : train) {
            seeds.add(task.node().path("seed").asText());
        }
        for (JsonTask task : server.tasks("eval", 4, 1)) {
            assertFalse(seeds.contains(task.node().path("seed").asText()), task.json());
        }
        return train;
    }

    /**
     * Harder raises a task's {@code power} by one into a new, valid task; easier from power 1 gives
     * nothing; power 9 is refused.
     */
    static void checkRewritesStepThePower(RemoteServer server) {
        JsonTask task = server.tasks("train", 1, 2).get(0);
        int power = task.node().path("power").asInt();
        JsonTask harder = server.rewrite(task, task, RewriteGoal.HARDER, 1.0, "", 1).orElseThrow();
        assertEquals(power + 1, harder.node().path("power").asInt(), harder.json());
        assertNotEquals(task.id(), harder.id());
        assertTrue(server.verify(harder).valid(), harder.json());
        JsonTask weakest = withPower(task, 1);
        assertTrue(server.rewrite(task, weakest, RewriteGoal.EASIER, 0.0, "", 1).isEmpty());
        assertFalse(server.verify(withPower(task, 9)).valid());
    }

    private static JsonTask withPower(JsonTask task, int power) {
        return JsonTask.of(((ObjectNode) task.node().deepCopy()).put("power", power));
    }
}
