package org.rlanything.it.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.it.SeededChatModel;
import org.rlanything.testfixtures.FakeChatServer;
import org.rlanything.testfixtures.SharedData;

/**
 * {@code train configs/pddl-llm.yaml} at small sizes with the endpoint policy on a loopback chat
 * server and the {@code label} judge (the planner's step labels, no flips): the run trains, and the
 * held-out evaluation measures the judge's process accuracy on the planner's labels as exactly 1.
 */
@Timeout(300)
class PddlTrainTest {

    private static final Path CONFIG = Path.of("..", "configs", "pddl-llm.yaml");

    @TempDir Path dir;

    /** The pddl-llm config with the label judge (no flips) in place of the endpoint judge. */
    private Path labelConfig() throws IOException {
        Path config = dir.resolve("label.yaml");
        String yaml = Files.readString(CONFIG, StandardCharsets.UTF_8);
        String judge = yaml.substring(yaml.indexOf("reward_model:"), yaml.indexOf("algorithm:"));
        Files.writeString(
                config,
                yaml.replace(judge, "reward_model:\n  kind: label\n  flip_probability: 0.0\n"),
                StandardCharsets.UTF_8);
        return config;
    }

    /**
     * {@code train} (or {@code train --resume RUN} when {@code resume}) at small sizes; the exit
     * code is checked.
     */
    private void train(FakeChatServer server, Path run, int iterations, boolean resume)
            throws IOException {
        Path blocks = SharedData.require("pddl/blocks");
        List<String> args = new ArrayList<>(List.of("train"));
        if (resume) {
            args.addAll(
                    List.of("--resume", run.toString(), "trainer.iterations=" + iterations, "-q"));
        } else {
            args.addAll(
                    List.of(
                            labelConfig().toString(),
                            "-q",
                            "trainer.iterations=" + iterations,
                            "trainer.run_dir=" + run,
                            "trainer.seed=5",
                            "trainer.evaluate_every=1",
                            "environment.domain=" + blocks.resolve("domain.pddl"),
                            "environment.problems=" + blocks.resolve("probBLOCKS-4-*.pddl"),
                            "environment.held_out=" + blocks.resolve("probBLOCKS-5-0.pddl"),
                            "environment.pool_size=4",
                            "environment.max_steps=8",
                            "environment.eval_rollouts=2",
                            "algorithm.tasks_per_iteration=2",
                            "algorithm.rollouts_per_task=2",
                            "algorithm.verdicts_per_step=2",
                            "algorithm.rewriter_samples=1",
                            "policy.base_url=" + server.baseUrl(),
                            "policy.model=scripted-policy",
                            "policy.timeout_s=20",
                            "policy.max_retries=1"));
        }
        StringWriter out = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        args.toArray(String[]::new));
        assertEquals(0, code, out.toString());
    }

    @Test
    void trainsWithTheEndpointPolicyAndTheLabelJudge() throws Exception {
        Path run = dir.resolve("run");
        try (FakeChatServer server = FakeChatServer.answering(SeededChatModel::reply)) {
            train(server, run, 2, false);
        }
        List<String> lines =
                Files.readAllLines(run.resolve("metrics.jsonl"), StandardCharsets.UTF_8);
        assertEquals(3, lines.size(), "iteration 0 and 2 iterations: " + lines);
        assertTrue(
                FakeChatServer.JSON.readTree(lines.get(1)).has("val-core/pddl/success"), "E = 1");
        JsonNode last = FakeChatServer.JSON.readTree(lines.get(2));
        assertTrue(last.has("val-core/pddl/success"), last.toString());
        assertEquals(1.0, last.path("val-core/pddl/solved_by_planner").asDouble(), last.toString());
        assertEquals(1.0, last.path("val-core/pddl/rm_process_acc").asDouble(), last.toString());
    }

    @Test
    void aRunResumedAfterItsFirstIterationWritesTheSameMetrics() throws Exception {
        Path straight = dir.resolve("straight");
        Path halves = dir.resolve("halves");
        try (FakeChatServer server = FakeChatServer.answering(SeededChatModel::reply)) {
            train(server, straight, 2, false);
            train(server, halves, 1, false);
            train(server, halves, 2, true);
        }
        assertEquals(withoutLatency(straight), withoutLatency(halves));
    }

    /** The metrics lines without the endpoint's wall-clock latencies. */
    private static List<String> withoutLatency(Path run) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line :
                Files.readAllLines(run.resolve("metrics.jsonl"), StandardCharsets.UTF_8)) {
            if (FakeChatServer.JSON.readTree(line) instanceof ObjectNode node) {
                node.properties().removeIf(e -> e.getKey().endsWith("/latency_s"));
                out.add(node.toString());
            }
        }
        return out;
    }
}
