package org.rlanything.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rlanything.cli.Main;

/**
 * A Python server's step features ({@code /features}, the SDK's {@code features()}) and solver
 * ({@code /demonstrate}) with the linear policy and judge, in a real process on loopback: the
 * policy starts as a clone of the solver over the server's features and the run says so; a row of
 * the wrong size or a number that is not finite ends the run in one line with exit code 1.
 */
@Timeout(120)
class RemoteFeaturesTest {

    private static final Path SDK =
            Path.of("..", "rlanything-remote", "python").toAbsolutePath().normalize();

    @TempDir Path dir;

    private static Path server() {
        try {
            return Path.of(RemoteFeaturesTest.class.getResource("/remote/featured.py").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private String train(int expected, String mode) throws IOException {
        Path file = dir.resolve("run.yaml");
        Files.writeString(
                file,
                "trainer: {seed: 3, iterations: 3, evaluate_every: 3, run_dir: \""
                        + dir.resolve("run")
                        + "\"}\n"
                        + "environment: {kind: remote, command: \"python3 "
                        + server()
                        + " "
                        + mode
                        + " "
                        + SDK
                        + "\", name: counter, pool_size: 16, eval_tasks: 16, max_steps: 20,"
                        + " timeout_s: 5.0, retries: 1}\n"
                        + "policy: {kind: linear, imitation: {tasks: 6, episodes: 1, rounds: 1,"
                        + " validation_tasks: 6, validation_episodes: 1}}\n"
                        + "reward_model: {kind: linear}\n"
                        + "algorithm: {tasks_per_iteration: 4, rollouts_per_task: 4,"
                        + " verdicts_per_step: 3}\n");
        StringWriter out = new StringWriter();
        int rc =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        new String[] {"train", file.toString(), "-q"});
        assertEquals(expected, rc, out.toString());
        return out.toString();
    }

    @Test
    void theLinearPolicyClonesTheSolverOverTheServersFeatures() throws IOException {
        train(0, "good");
        Path checkpoint;
        try (Stream<Path> found = Files.walk(dir.resolve("run/checkpoints"))) {
            checkpoint =
                    found.filter(p -> p.getFileName().toString().equals("linear-policy.json"))
                            .sorted()
                            .reduce((a, b) -> b)
                            .orElseThrow();
        }
        JsonNode weights = new ObjectMapper().readTree(checkpoint.toFile());
        assertEquals(
                List.of("exact", "passes", "size"),
                new ObjectMapper().convertValue(weights.path("features"), List.class));
        // the clone prefers landing on the target and avoids passing it
        assertTrue(weights.path("weights").get(0).asDouble() > 0, weights.toString());
        assertTrue(weights.path("weights").get(1).asDouble() < 0, weights.toString());
        JsonNode start =
                new ObjectMapper()
                        .readTree(Files.readAllLines(dir.resolve("run/metrics.jsonl")).get(0));
        // measured: the clone of this small imitation (6 tasks, one round) wins 0.75 of the
        // held-out
        // games from the start; a uniform draw of the commands wins about half of them
        assertTrue(start.path("val-core/counter/success").asDouble() >= 0.7, start.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // the SDK refuses its own environment's short row (an error of the server: 500, retried)
        "short, '/features failed after 2 attempts within 10 s (timeout_s * (retries + 1)), last:"
                + " HTTP 500: TypeError: a row of features() must be a list of 3 numbers'",
        // a number that is not finite is not JSON: refused by the trainer
        "nan, '/features answered bad JSON'"
    })
    void aBadFeaturesAnswerEndsTheRunInOneLine(String mode, String expected) throws IOException {
        String out = train(1, mode);
        assertEquals(1, out.strip().lines().filter(l -> l.startsWith("rlanything:")).count(), out);
        assertTrue(out.contains(expected), out);
    }
}
