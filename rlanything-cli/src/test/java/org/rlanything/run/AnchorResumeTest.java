package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.SharedData;

/**
 * The anchor to the starting models ({@code kl_to_start} on both neural sections) resumes exactly:
 * a small ALFWorld run (starting models from a short pretraining whose judge gives parseable
 * verdicts, so that both models train) stopped after its first iteration and resumed with {@code
 * train --resume} writes the same metrics after it, and the same last checkpoint byte for byte, as
 * the uninterrupted run; the resumed process takes its reference from the starting models again,
 * not from the checkpoint it loads. The metrics report the anchor's KL for each model that trained.
 */
class AnchorResumeTest {

    private static final int ITERATIONS = 2;

    @TempDir Path dir;

    private final StringWriter out = new StringWriter();

    private int cli(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    /** The lines of {@code metrics.jsonl} but iteration 1's. */
    private static List<String> trainingLines(Path run) throws Exception {
        return Files.readAllLines(run.resolve("metrics.jsonl")).stream()
                .filter(line -> !line.startsWith("{\"iteration\":1,"))
                .toList();
    }

    @Test
    void anAnchoredRunResumesToTheSameMetricsAndCheckpoint() throws Exception {
        try {
            AlfworldData.locate();
        } catch (RuntimeException e) {
            SharedData.require(false, "The ALFWorld data folder (shared/data/alfworld)");
        }
        Path start = dir.resolve("start");
        assertEquals(
                0,
                cli(
                        "pretrain",
                        "--seed",
                        "5",
                        "--out",
                        start.toString(),
                        "--train-games",
                        "20",
                        "--bc-steps",
                        "2",
                        "--rm-steps",
                        "60",
                        "--dagger-rounds",
                        "0",
                        "-q"),
                out.toString());
        Path config = dir.resolve("alfworld.yaml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "trainer: {seed: 5, iterations: "
                                + ITERATIONS
                                + ", evaluate_every: 0, checkpoint_every: 1, keep_checkpoints: 1,"
                                + " starting_models: "
                                + start
                                + "}",
                        "environment: {kind: alfworld, pool_size: 3, pool_offset: 1000, max_steps: 4,"
                                + " eval_generated_games: 1, eval_real_games: false, eval_rollouts: 1,"
                                + " eval_max_steps: 4, eval_verdicts: 1}",
                        "policy: {kind: neural, optimizer_steps: 2, kl_to_start: 0.5}",
                        "reward_model: {kind: neural, optimizer_steps: 2, kl_to_start: 0.5}",
                        "algorithm: {tasks_per_iteration: 3, rollouts_per_task: 4, verdicts_per_step: 2,"
                                + " rewriter_samples: 1, policy_band: [0.0, 1.0],"
                                + " reward_model_band: [0.0, 1.0]}",
                        ""));
        Path reference = dir.resolve("reference");
        assertEquals(
                0,
                cli("train", config.toString(), "-q", "trainer.run_dir=" + reference),
                out.toString());
        Path resumed = dir.resolve("resumed");
        assertEquals(
                0,
                cli(
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + resumed,
                        "trainer.iterations=1"),
                out.toString());
        assertEquals(
                0,
                cli(
                        "train",
                        "--resume",
                        resumed.toString(),
                        "-q",
                        "trainer.iterations=" + ITERATIONS),
                out.toString());
        // the stopped run evaluated at its last iteration (1), the uninterrupted one did not
        assertEquals(trainingLines(reference), trainingLines(resumed));
        String last = String.format("iter-%06d", ITERATIONS);
        for (String role : List.of("policy", "reward_model")) {
            Path a = reference.resolve("checkpoints").resolve(last).resolve(role);
            Path b = resumed.resolve("checkpoints").resolve(last).resolve(role);
            try (var files = Files.list(a)) {
                for (Path f : files.toList()) {
                    assertArrayEquals(
                            Files.readAllBytes(f),
                            Files.readAllBytes(b.resolve(f.getFileName())),
                            role + "/" + f.getFileName() + " differs after the resume");
                }
            }
        }
        // after the resume both models trained against a reference that is not the checkpoint
        // they were loaded from: the anchor's KL is above zero there
        ObjectMapper json = new ObjectMapper();
        boolean actor = false;
        boolean judge = false;
        for (String line : Files.readAllLines(reference.resolve("metrics.jsonl"))) {
            JsonNode node = json.readTree(line);
            if (node.path("iteration").asInt() > 1) {
                actor |= node.path("actor/kl_to_start").asDouble() > 0;
                judge |= node.path("reward_model/kl_to_start").asDouble() > 0;
            }
        }
        assertTrue(actor && judge, "both models trained after iteration 1: " + out);
    }
}
