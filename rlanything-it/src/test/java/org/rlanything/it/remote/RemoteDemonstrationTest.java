package org.rlanything.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rlanything.cli.Main;

/**
 * The remote protocol's optional {@code /demonstrate} and the neural kinds' generic starting
 * models, with real Python processes on loopback (the SDK's Blocksworld example and {@code
 * solver.py}'s changed solvers) and tiny warm-start sizes ({@code policy.warm_start}): a server
 * that offers its solver gets starting models cloned from its commands, one without the call gets
 * them from scratch, and one that answers the call badly ends the run in one line with exit code 1.
 */
@Timeout(300)
class RemoteDemonstrationTest {

    private static final Path EXAMPLES =
            Path.of("..", "rlanything-remote", "python", "examples").toAbsolutePath().normalize();
    private static final JsonMapper JSON =
            JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    @TempDir Path dir;

    private static Path solver() {
        try {
            return Path.of(RemoteDemonstrationTest.class.getResource("/remote/solver.py").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A run of one iteration with the embedded neural models made at tiny sizes. */
    private String train(int expected, String command) throws IOException {
        Path file = dir.resolve("run.yaml");
        Files.writeString(
                file,
                "trainer: {seed: 13, iterations: 1, evaluate_every: 0, run_dir: \""
                        + dir.resolve("run")
                        + "\", starting_models: \""
                        + dir.resolve("start")
                        + "\"}\n"
                        + "environment: {kind: remote, command: \""
                        + command
                        + "\", name: blocks, pool_size: 4, eval_tasks: 0, max_steps: 6,"
                        + " timeout_s: 5.0, retries: 1}\n"
                        + "policy:\n  kind: neural\n  warm_start: {tasks: 2, episodes: 1,"
                        + " max_steps: 6, vocab_size: 300, width: 32, layers: 1, heads: 2,"
                        + " policy_steps: 5, judge_steps: 10, batch: 8}\n"
                        + "reward_model: {kind: neural}\n"
                        + "algorithm: {tasks_per_iteration: 2, rollouts_per_task: 2,"
                        + " verdicts_per_step: 1}\n");
        StringWriter out = new StringWriter();
        int rc =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        new String[] {"train", file.toString(), "-q"});
        assertEquals(expected, rc, out.toString());
        return out.toString();
    }

    /** The warm start's figures, saved with the starting policy. */
    private JsonNode pretrain() throws IOException {
        return JSON.readTree(dir.resolve("start/policy/trainer_state.json").toFile())
                .path("extras")
                .path("pretrain_metrics");
    }

    @Test
    void theExamplesSolverIsCloned() throws IOException {
        train(0, "python3 " + EXAMPLES.resolve("blocks.py"));
        JsonNode metrics = pretrain();
        assertTrue(metrics.path("pretrain/demonstrations").asDouble() > 0, metrics.toString());
        assertTrue(metrics.path("pretrain/check_states").asDouble() > 0, metrics.toString());
    }

    @Test
    void aServerWithoutTheCallStartsFromScratch() throws IOException {
        train(0, "python3 " + solver() + " none " + EXAMPLES);
        JsonNode metrics = pretrain();
        assertEquals(0.0, metrics.path("pretrain/demonstrations").asDouble(), metrics.toString());
        assertEquals(0.0, metrics.path("pretrain/check_states").asDouble(), metrics.toString());
        // the judge still learns the server's step labels
        assertTrue(metrics.path("pretrain/judged_steps").asDouble() > 0, metrics.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "number, answered demonstrate with a bad \"command\" (expected a string or null)",
        "illegal, answered demonstrate with \"move z onto q\", which is not one of the episode's"
                + " admissible commands"
    })
    void aBadAnswerEndsTheRunInOneLine(String mode, String expected) throws IOException {
        String out = train(1, "python3 " + solver() + " " + mode + " " + EXAMPLES);
        assertEquals(1, out.strip().lines().count(), out);
        assertTrue(out.startsWith("rlanything: http://127.0.0.1:"), out);
        assertTrue(out.contains(expected), out);
    }
}
