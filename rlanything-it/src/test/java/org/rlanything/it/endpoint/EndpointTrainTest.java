package org.rlanything.it.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.cli.Main;
import org.rlanything.it.SeededChatModel;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.ChildJvm;
import org.rlanything.testfixtures.FakeChatServer;
import org.rlanything.testfixtures.SharedData;

/**
 * Issue 14's must-show runs: {@code train configs/alfworld-llm.yaml} (small sizes from the command
 * line) with the policy and the judge on a real chat-completions server on loopback; the same run
 * killed with SIGKILL after iteration 1 and resumed against a server that answers differently, to
 * the same {@code metrics.jsonl}; and the API key, given to the process in its environment, found
 * nowhere in the run folder or the output. The endpoint kinds come from the provider registry: no
 * file under rlanything-cli names them.
 */
@Timeout(600)
class EndpointTrainTest {

    private static final Path CONFIG = Path.of("..", "configs", "alfworld-llm.yaml");

    @TempDir Path dir;

    @BeforeAll
    static void requireData() {
        boolean present;
        try {
            AlfworldData.locate();
            present = true;
        } catch (RuntimeException e) {
            present = false;
        }
        SharedData.require(present, "The ALFWorld data (shared/data/alfworld)");
    }

    /** A server on {@code port} (0: a free one) whose replies hold {@code texts}' texts. */
    private static FakeChatServer serving(int port, Function<JsonNode, List<String>> texts) {
        return FakeChatServer.onPort(port, request -> ChatReply.ok(texts.apply(request)));
    }

    /** A server that answers everything the same way, unlike {@link SeededChatModel}. */
    static List<String> other(JsonNode request) {
        return Collections.nCopies(request.path("n").asInt(1), "\\boxed{look} \\boxed{-1}");
    }

    /** The small sizes and the server's address, as command-line overrides. */
    private static List<String> overrides(Path runDir, String baseUrl, int iterations) {
        return List.of(
                "trainer.iterations=" + iterations,
                "trainer.run_dir=" + runDir,
                "trainer.seed=11",
                "environment.pool_size=3",
                "environment.max_steps=3",
                "environment.eval_generated_games=1",
                "environment.eval_real_games=false",
                "environment.eval_rollouts=1",
                "environment.eval_max_steps=3",
                "algorithm.tasks_per_iteration=2",
                "algorithm.rollouts_per_task=2",
                "algorithm.verdicts_per_step=2",
                "algorithm.rewriter_samples=1",
                // a few 3-step games are seldom won: every accuracy trains, so that samples are
                // exported
                "algorithm.policy_band=[0.0, 1.0]",
                "algorithm.reward_model_band=[0.0, 1.0]",
                "policy.base_url=" + baseUrl,
                "reward_model.base_url=" + baseUrl,
                "policy.model=scripted-policy",
                "reward_model.model=scripted-judge",
                "policy.timeout_s=20",
                "reward_model.timeout_s=20",
                "policy.max_retries=1",
                "reward_model.max_retries=1");
    }

    private static String[] train(List<String> overrides) {
        List<String> args = new ArrayList<>(List.of("train", CONFIG.toString(), "-q"));
        args.addAll(overrides);
        return args.toArray(String[]::new);
    }

    /**
     * Starts {@code rlanything ARGS} in a new JVM with {@code env} added, its output going to
     * {@code log}.
     */
    static Process start(Path log, Map<String, String> env, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> options = new ArrayList<>(List.of("-Xmx1g"));
        options.addAll(jvmOptions);
        ProcessBuilder builder =
                new ProcessBuilder(
                                ChildJvm.command(options, "org.rlanything.cli.Main", List.of(args)))
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        return builder.start();
    }

    private static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lines.add(FakeChatServer.JSON.readTree(line));
        }
        return lines;
    }

    @Test
    void trainsTwoIterationsWithTheEndpointPolicyAndJudge() throws Exception {
        Path run = dir.resolve("run");
        try (FakeChatServer server = serving(0, SeededChatModel::texts)) {
            StringWriter out = new StringWriter();
            int code =
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            train(overrides(run, server.baseUrl(), 2)));
            assertEquals(0, code, out.toString());
            assertTrue(server.requests().size() > 0, "the server was asked");
        }
        List<JsonNode> metrics = jsonLines(run.resolve("metrics.jsonl"));
        assertEquals(
                3, metrics.size(), "iteration 0 (the starting point) and 2 iterations: " + metrics);
        for (int t = 1; t <= 2; t++) {
            JsonNode line = metrics.get(t);
            assertEquals(t, line.get("iteration").asInt());
            for (String name :
                    List.of(
                            "endpoint/policy/samples",
                            "endpoint/policy/prompt_tokens",
                            "endpoint/policy/latency_s",
                            "endpoint/reward_model/samples",
                            "endpoint/reward_model/completion_tokens")) {
                assertTrue(
                        line.path(name).asDouble() > 0, name + " in iteration " + t + ": " + line);
            }
            assertTrue(line.path("endpoint/policy/no_action").asDouble() >= 0, line.toString());
        }
        // the evaluation of the starting point asked the policy too, and its cost is on iteration
        // 0's line
        assertTrue(
                metrics.get(0).path("endpoint/policy/samples").asDouble() > 0,
                metrics.get(0).toString());
        // the recorded replies and the exports
        assertTrue(Files.size(run.resolve("endpoint/policy.jsonl")) > 0);
        assertTrue(Files.size(run.resolve("endpoint/reward_model.jsonl")) > 0);
        int exported = 0;
        for (int t = 1; t <= 2; t++) {
            for (String role : List.of("policy", "reward_model")) {
                Path file = run.resolve(String.format("export/%s-%06d.jsonl", role, t));
                assertTrue(Files.isRegularFile(file), file.toString());
                for (JsonNode line : jsonLines(file)) {
                    assertEquals("system", line.get("prompt").get(0).get("role").asText());
                    assertEquals("user", line.get("prompt").get(1).get("role").asText());
                    assertEquals("assistant", line.get("completion").get(0).get("role").asText());
                    assertTrue(
                            line.get("advantage").isNumber()
                                    && line.get("advantage").asDouble() != 0.0);
                    assertEquals(t, line.get("id").get("iteration").asInt());
                    exported++;
                }
            }
        }
        assertTrue(exported > 0, "some samples were exported");
        String recorded = Files.readString(run.resolve("config.yaml"));
        assertTrue(
                recorded.contains("kind: openai") && recorded.contains("model: scripted-policy"),
                recorded);
    }

    @Test
    void aStartThatFailsLeavesNoRecordedRepliesBehind() throws Exception {
        Path run = dir.resolve("run");
        // the policy's endpoint answers; the judge's refuses every request (401: no retry), so the
        // first
        // iteration fails after the policy's replies were recorded
        try (FakeChatServer server = serving(0, SeededChatModel::texts);
                FakeChatServer refusing = FakeChatServer.refusing(0, 401)) {
            List<String> overrides = new ArrayList<>(overrides(run, server.baseUrl(), 2));
            overrides.add("reward_model.base_url=" + refusing.baseUrl());
            StringWriter out = new StringWriter();
            int code =
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            train(overrides));
            assertEquals(1, code, out.toString());
            assertTrue(out.toString().contains("401"), out.toString());
            assertTrue(
                    server.requests().size() > 0, "the policy was asked before the judge failed");
        }
        for (String left : List.of("config.yaml", "metrics.jsonl", "endpoint", "export")) {
            assertFalse(Files.exists(run.resolve(left)), left + " was left behind");
        }
    }

    @Test
    void aRewriterSectionPutsTheRewriterOnTheEndpointToo() throws Exception {
        Path run = dir.resolve("run");
        try (FakeChatServer server = serving(0, SeededChatModel::texts)) {
            List<String> args = new ArrayList<>(overrides(run, server.baseUrl(), 2));
            args.addAll(
                    List.of(
                            "rewriter.kind=openai",
                            "rewriter.model=scripted-rewriter",
                            "rewriter.base_url=" + server.baseUrl(),
                            "algorithm.rewriter_samples=2"));
            StringWriter out = new StringWriter();
            assertEquals(
                    0,
                    Main.run(new PrintWriter(out, true), new PrintWriter(out, true), train(args)),
                    out.toString());
        }
        double parsed = 0;
        double invalid = 0;
        for (JsonNode line : jsonLines(run.resolve("metrics.jsonl"))) {
            double asked = line.path("endpoint/rewriter/requests").asDouble();
            double ok = line.path("endpoint/rewriter/rewrites_parsed").asDouble();
            double refused = line.path("endpoint/rewriter/rewrites_invalid").asDouble();
            assertEquals(asked, ok + refused, line.toString());
            parsed += ok;
            invalid += refused;
        }
        // the unchanged tasks the server gave back were read with the environment's codec; the rest
        // refused
        assertTrue(parsed > 0 && invalid > 0, "parsed " + parsed + ", invalid " + invalid);
        assertTrue(Files.size(run.resolve("endpoint/rewriter.jsonl")) > 0);
        assertFalse(
                Files.exists(run.resolve("export/rewriter-000001.jsonl")),
                "a rewriter has no samples");
        assertTrue(
                Files.readString(run.resolve("config.yaml")).contains("model: scripted-rewriter"));
    }

    @Test
    void aRunKilledAfterIterationOneResumesAgainstAChangedServerToTheSameMetrics()
            throws Exception {
        Path reference = dir.resolve("reference");
        Path killed = dir.resolve("killed");
        int port;
        try (FakeChatServer server = serving(0, SeededChatModel::texts)) {
            port = server.port();
            StringWriter out = new StringWriter();
            assertEquals(
                    0,
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            train(overrides(reference, server.baseUrl(), 2))),
                    out.toString());
            // the same run in its own process, stopped when iteration 2 is computed but not yet
            // recorded: its
            // folder holds iteration 1's logs and checkpoint; the process is then killed with
            // SIGKILL
            Path marker = dir.resolve("stalled");
            Process first =
                    start(
                            dir.resolve("first.log"),
                            Map.of(),
                            List.of(
                                    "-Drlanything.test.stall_at=iteration-end:2",
                                    "-Drlanything.test.stall_marker=" + marker),
                            train(overrides(killed, server.baseUrl(), 2)));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
            while (!Files.exists(marker) && first.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(
                    Files.exists(marker) && first.isAlive(),
                    "stalled after iteration 1: " + Files.readString(dir.resolve("first.log")));
            first.destroyForcibly(); // SIGKILL
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
        }
        assertEquals(
                2,
                Files.readAllLines(killed.resolve("metrics.jsonl")).size(),
                "iterations 0 and 1 recorded");
        assertTrue(Files.isDirectory(killed.resolve("checkpoints/iter-000001")));
        assertFalse(Files.exists(killed.resolve("checkpoints/iter-000002")));

        Path twin = dir.resolve("twin"); // the killed folder as it is, resumed a second time below
        copy(killed, twin);

        try (FakeChatServer changed = serving(port, EndpointTrainTest::other)) {
            Process second =
                    start(
                            dir.resolve("second.log"),
                            Map.of(),
                            List.of(),
                            "train",
                            "--resume",
                            killed.toString(),
                            "-q");
            assertTrue(second.waitFor(300, TimeUnit.SECONDS), "the resumed run finishes");
            assertEquals(0, second.exitValue(), Files.readString(dir.resolve("second.log")));
            StringWriter out = new StringWriter();
            assertEquals(
                    0,
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            "train",
                            "--resume",
                            twin.toString(),
                            "-q"),
                    out.toString());
            assertEquals(
                    0,
                    changed.requests().size(),
                    "every reply the resumed runs needed came from their record");
        }
        // every figure equals the uninterrupted run's, except the measured latencies, which two
        // separate runs
        // against a real server cannot share; those are replayed from the record, so two resumes of
        // one killed
        // folder agree on every figure, latencies included
        List<String> expected = Files.readAllLines(reference.resolve("metrics.jsonl"));
        List<String> actual = Files.readAllLines(killed.resolve("metrics.jsonl"));
        assertEquals(withoutLatency(expected), withoutLatency(actual));
        assertEquals(actual, Files.readAllLines(twin.resolve("metrics.jsonl")));
        assertTrue(
                actual.get(2).contains("\"endpoint/policy/samples\"")
                        && actual.get(2).contains("\"endpoint/reward_model/latency_s\""),
                actual.get(2));
        for (String export :
                List.of("export/policy-000002.jsonl", "export/reward_model-000002.jsonl")) {
            assertEquals(
                    Files.readString(reference.resolve(export)),
                    Files.readString(killed.resolve(export)),
                    export);
        }
        // the record is what makes them equal: without it, the changed server gives other figures
        Path unrecorded = dir.resolve("unrecorded");
        try (FakeChatServer changed = serving(port, EndpointTrainTest::other)) {
            StringWriter out = new StringWriter();
            assertEquals(
                    0,
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            train(overrides(unrecorded, changed.baseUrl(), 2))),
                    out.toString());
        }
        assertNotEquals(
                withoutLatency(expected),
                withoutLatency(Files.readAllLines(unrecorded.resolve("metrics.jsonl"))));
    }

    /**
     * The lines without the {@code endpoint/<role>/latency_s} figures (wall-clock measurements).
     */
    private static List<String> withoutLatency(List<String> lines) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            com.fasterxml.jackson.databind.node.ObjectNode node =
                    (com.fasterxml.jackson.databind.node.ObjectNode)
                            FakeChatServer.JSON.readTree(line);
            node.properties().removeIf(e -> e.getKey().endsWith("/latency_s"));
            out.add(node.toString());
        }
        return out;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path source : walk.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }

    @Test
    void theApiKeyIsSentButWrittenNowhere() throws Exception {
        String marker = "sk-MARKER-" + Long.toHexString(System.nanoTime()) + "-never-written";
        Path run = dir.resolve("run");
        // a server that echoes the key back in its replies, as a careless proxy might
        try (FakeChatServer server =
                serving(
                        0,
                        request -> {
                            List<String> texts = new ArrayList<>();
                            for (String text : SeededChatModel.texts(request)) {
                                texts.add("(key " + marker + ") " + text);
                            }
                            return texts;
                        })) {
            List<String> args = new ArrayList<>(overrides(run, server.baseUrl(), 1));
            args.addAll(
                    List.of(
                            "policy.api_key_env=RLANYTHING_IT_KEY",
                            "reward_model.api_key_env=RLANYTHING_IT_KEY"));
            Process process =
                    start(
                            dir.resolve("out.log"),
                            Map.of("RLANYTHING_IT_KEY", marker),
                            List.of(),
                            train(args));
            assertTrue(process.waitFor(300, TimeUnit.SECONDS), "the run finishes");
            assertEquals(0, process.exitValue(), Files.readString(dir.resolve("out.log")));
            assertTrue(server.requests().size() > 0);
            assertTrue(
                    server.authorizations().stream().allMatch(("Bearer " + marker)::equals),
                    "every request carried the key");
        }
        assertFalse(
                Files.readString(dir.resolve("out.log")).contains(marker), "the process output");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(run)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.size() > 5, files.toString());
        assertTrue(files.contains(run.resolve("endpoint/reward_model.jsonl")), files.toString());
        for (Path file : files) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            assertFalse(text.contains(marker), "the key is in " + file);
        }
        // and the recorded replies show where the key was removed
        assertTrue(Files.readString(run.resolve("endpoint/reward_model.jsonl")).contains("(key "));
    }
}
