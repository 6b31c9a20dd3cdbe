package org.rlanything.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * {@code environment.kind: remote} with a real Python process on loopback (the SDK's Blocksworld
 * example), the policy on a seeded chat server and the environment's own step labels as the judge:
 * a run trains and evaluates; a process that is killed, answers bad JSON, stops answering within
 * its timeout, stalls after an answer's headers or drips its body ends the run with exit code 1 and
 * one line, in seconds (a stall or drip within {@code timeout_s * (retries + 1)} plus a few seconds
 * of the fault, issue 44), and leaves no environment process behind; and {@code train --resume}
 * then gives the uninterrupted run's metrics.
 */
@Timeout(300)
class RemoteRunTest {

    private static final Path EXAMPLES =
            Path.of("..", "rlanything-remote", "python", "examples").toAbsolutePath().normalize();
    private static final Path FAULTY;

    static {
        try {
            FAULTY = Path.of(RemoteRunTest.class.getResource("/remote/faulty.py").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @TempDir static Path shared;
    @TempDir Path dir;

    private static FakeChatServer chat;
    private static List<String> reference;

    @BeforeAll
    static void theUninterruptedRun() throws IOException {
        chat = FakeChatServer.answering(org.rlanything.it.SeededChatModel::reply);
        Path run = shared.resolve("reference");
        long before = environmentProcesses(); // other tests of this JVM may hold some
        String out = cli(0, "train", config(shared, run, blocks()).toString(), "-q");
        assertTrue(out.contains("3 iterations done"), out);
        reference = metrics(run);

        assertEquals(3, reference.size() - 1, "a line per iteration and one for the start");
        JsonNode last = new ObjectMapper().readTree(reference.get(reference.size() - 1));
        assertTrue(last.has("val-core/blocks/success"), last.toString());
        // the run ended the server it started
        assertEquals(before, environmentProcesses(), "no environment process is left");
        // the policy's prompt carries what the environment said about itself (/info)
        String system = chat.requests().get(0).get("messages").get(0).get("content").asText();
        assertTrue(system.startsWith("You are an agent in a Blocksworld"), system);
        assertTrue(system.contains("\\boxed{move a onto b}"), system);
    }

    /** The live processes of this JVM that run the Blocksworld example. */
    private static long environmentProcesses() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("blocks.py"))
                .count();
    }

    private static String blocks() {
        return "python3 " + EXAMPLES.resolve("blocks.py");
    }

    private static Path config(Path folder, Path run, String command) throws IOException {
        Path file = folder.resolve(run.getFileName() + ".yaml");
        Files.writeString(
                file,
                "trainer: {seed: 13, iterations: 3, evaluate_every: 0, run_dir: \""
                        + run
                        + "\"}\n"
                        + "environment: {kind: remote, command: \""
                        + command
                        + "\", name: blocks, pool_size: 4, eval_tasks: 2, max_steps: 6,"
                        + " timeout_s: 1.0, retries: 1}\n"
                        + "policy: {kind: openai, base_url: \""
                        + chat.baseUrl()
                        + "\", model: seeded, timeout_s: 10}\n"
                        + "reward_model: {kind: label}\n"
                        + "algorithm: {tasks_per_iteration: 2, rollouts_per_task: 2,"
                        + " verdicts_per_step: 1}\n");
        return file;
    }

    private static String cli(int expected, String... args) {
        StringWriter out = new StringWriter();
        int rc = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        assertEquals(expected, rc, out.toString());
        return out.toString();
    }

    /** The run's metrics lines without the measured latencies (two runs cannot share them). */
    private static List<String> metrics(Path run) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(run.resolve("metrics.jsonl"))) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            node.properties().removeIf(e -> e.getKey().endsWith("latency_s"));
            lines.add(node.toString());
        }
        return lines;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kill", "badjson", "slow", "stall", "drip"})
    void aFailingEnvironmentEndsTheRunInOneLineAndResumeContinuesExactly(String mode)
            throws IOException {
        Path run = dir.resolve("run");
        long before = environmentProcesses();
        String command =
                "python3 " + FAULTY + " " + mode + " 50 " + dir.resolve("struck") + " " + EXAMPLES;
        long start = System.nanoTime();
        String out = cli(1, "train", config(dir, run, command).toString(), "-q");
        double seconds = (System.nanoTime() - start) / 1e9;
        long ended = System.currentTimeMillis();
        assertEquals(1, out.strip().lines().count(), out);
        assertTrue(out.startsWith("rlanything: "), out);
        String expected =
                switch (mode) {
                    case "kill" -> "exited with code 137";
                    case "badjson" -> "answered bad JSON";
                    default -> "no whole answer";
                };
        assertTrue(out.contains(expected), out);
        assertTrue(seconds < 30, "ended in " + seconds + " s: " + out);
        assertTrue(Files.exists(dir.resolve("struck")), "the fault struck");
        // timeout_s 1.0 with 1 retry: a request ends within 2 s, plus a few for the run to end
        double afterFault =
                (ended - Files.getLastModifiedTime(dir.resolve("struck")).toMillis()) / 1000.0;
        System.out.printf("TIMING %s: the run ended %.2f s after the fault%n", mode, afterFault);
        assertTrue(afterFault < 2 + 3, "ended " + afterFault + " s after the fault: " + out);
        assertEquals(before, environmentProcesses(), "the failed run ended its server");
        // the 50th step is in iteration 2 (the reference run takes 12 steps in the first
        // evaluation and 24 in iteration 1): the run stopped after checkpoint 1, before the end
        assertTrue(Files.isDirectory(run.resolve("checkpoints/iter-000001")), out);
        assertTrue(!Files.exists(run.resolve("checkpoints/iter-000003")), out);

        cli(0, "train", "--resume", run.toString(), "-q");
        assertEquals(reference, metrics(run));
    }

    @Test
    void aCommandThatDoesNotStartIsOneLineToo() throws IOException {
        String out =
                cli(
                        1,
                        "train",
                        config(dir, dir.resolve("run"), "python3 -c pass").toString(),
                        "-q");
        assertEquals(1, out.strip().lines().count(), out);
        assertTrue(out.contains("ended before it listened"), out);
    }

    @Test
    void aBenchmarkAndAnEvaluationLeaveNoEnvironmentProcessBehind() throws IOException {
        // the start's and the baselines' evaluations and each arm start the example once
        long before = environmentProcesses();
        Path out = dir.resolve("bench");
        String printed =
                cli(
                        0,
                        "bench",
                        "ablation",
                        "--config",
                        config(dir, dir.resolve("unused"), blocks()).toString(),
                        "--seeds",
                        "1",
                        "--workers",
                        "1",
                        "--baselines",
                        "--arms",
                        "OUTCOME_ONLY",
                        "--out",
                        out.toString(),
                        "trainer.iterations=1");
        assertTrue(Files.isRegularFile(out.resolve("ablation.json")), printed);
        assertEquals(before, environmentProcesses(), "no environment process is left");
        // as does evaluating one of its runs
        cli(0, "eval", out.resolve("runs/outcome_only-seed1").toString());
        assertEquals(before, environmentProcesses(), "no environment process is left by eval");
    }
}
