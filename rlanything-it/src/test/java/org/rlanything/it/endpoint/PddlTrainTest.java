package org.rlanything.it.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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

    @Test
    void trainsWithTheEndpointPolicyAndTheLabelJudge() throws Exception {
        Path blocks = SharedData.require("pddl/blocks");
        Path run = dir.resolve("run");
        try (FakeChatServer server = FakeChatServer.answering(SeededChatModel::reply)) {
            StringWriter out = new StringWriter();
            List<String> args =
                    new ArrayList<>(
                            List.of(
                                    "train",
                                    CONFIG.toString(),
                                    "-q",
                                    "trainer.iterations=2",
                                    "trainer.run_dir=" + run,
                                    "trainer.seed=5",
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
            Path config = dir.resolve("label.yaml");
            String yaml = Files.readString(CONFIG, StandardCharsets.UTF_8);
            String judge =
                    yaml.substring(yaml.indexOf("reward_model:"), yaml.indexOf("algorithm:"));
            Files.writeString(
                    config,
                    yaml.replace(judge, "reward_model:\n  kind: label\n  flip_probability: 0.0\n"),
                    StandardCharsets.UTF_8);
            args.set(1, config.toString());
            int code =
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            args.toArray(String[]::new));
            assertEquals(0, code, out.toString());
        }
        List<String> lines =
                Files.readAllLines(run.resolve("metrics.jsonl"), StandardCharsets.UTF_8);
        assertEquals(3, lines.size(), "iteration 0 and 2 iterations: " + lines);
        JsonNode last = FakeChatServer.JSON.readTree(lines.get(2));
        assertTrue(last.has("val-core/pddl/success"), last.toString());
        assertEquals(1.0, last.path("val-core/pddl/solved_by_planner").asDouble(), last.toString());
        assertEquals(1.0, last.path("val-core/pddl/rm_process_acc").asDouble(), last.toString());
    }
}
