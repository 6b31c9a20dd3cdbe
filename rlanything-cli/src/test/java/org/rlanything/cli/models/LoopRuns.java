package org.rlanything.cli.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rlanything.cli.Main;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.checkpoint.PeftAdapter;
import org.rlanything.neural.infer.SequenceScorer;

/**
 * What the imported-model loop tests do alike, through the CLI as a user would: train a run for two
 * iterations, and another stopped after one and resumed, whose last checkpoint must equal the first
 * run's byte for byte; export the last policy and judge back to Hugging Face folders (the judge
 * merged, and as a PEFT adapter); compare a checkpoint's log-probabilities with its export's.
 */
final class LoopRuns {

    /** The last iteration's checkpoint folder name of a two-iteration run. */
    static final String LAST = "iter-000002";

    private final StringWriter out = new StringWriter();

    /** Runs the CLI, printing how long it took; returns the exit code. */
    int cli(String... args) {
        long t0 = System.nanoTime();
        int rc = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        System.out.printf(
                "TIMING %s %s: %.1f s%n", args[0], args[1], (System.nanoTime() - t0) / 1e9);
        return rc;
    }

    /** Everything the CLI printed so far (the message of a failed assertion). */
    String output() {
        return out.toString();
    }

    /** Trains {@code config} (two iterations) into {@code run}. */
    void train(Path config, Path run) {
        assertEquals(0, cli("train", config.toString(), "-q", "trainer.run_dir=" + run), output());
    }

    /**
     * Trains {@code config} into {@code resumed} for one iteration, resumes it to the second, and
     * asserts that every file of both roles' last checkpoints equals {@code reference}'s.
     */
    void trainResumedAndCompare(Path config, Path resumed, Path reference) throws Exception {
        assertEquals(
                0,
                cli(
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + resumed,
                        "trainer.iterations=1"),
                output());
        assertEquals(
                0,
                cli("train", "--resume", resumed.toString(), "-q", "trainer.iterations=2"),
                output());
        for (String role : List.of("policy", "reward_model")) {
            Path a = last(reference).resolve(role);
            Path b = last(resumed).resolve(role);
            try (var files = Files.list(a)) {
                for (Path f : files.toList()) {
                    assertArrayEquals(
                            Files.readAllBytes(f),
                            Files.readAllBytes(b.resolve(f.getFileName())),
                            role + "/" + f.getFileName() + " differs after the resume");
                }
            }
        }
    }

    /** The last checkpoint of a two-iteration run. */
    static Path last(Path run) {
        return run.resolve("checkpoints").resolve(LAST);
    }

    /**
     * The exports of a checkpoint's models.
     *
     * @param policy the policy's Hugging Face folder
     * @param judge the judge's Hugging Face folder (LoRA merged)
     * @param adapter the judge's adapters in PEFT's folder layout
     */
    record Exports(Path policy, Path judge, Path adapter) {}

    /** Exports {@code checkpoint}'s policy and LoRA judge into folders under {@code dir}. */
    Exports export(Path checkpoint, Path dir) {
        Exports e =
                new Exports(
                        dir.resolve("policy-hf"),
                        dir.resolve("judge-hf"),
                        dir.resolve("judge-peft"));
        Path judge = checkpoint.resolve("reward_model");
        assertEquals(
                0,
                cli(
                        "model",
                        "export",
                        checkpoint.resolve("policy").toString(),
                        "--to",
                        e.policy().toString()),
                output());
        assertEquals(
                0,
                cli("model", "export", judge.toString(), "--to", e.judge().toString()),
                output());
        assertEquals(
                0,
                cli(
                        "model",
                        "export",
                        judge.toString(),
                        "--adapter",
                        "--to",
                        e.adapter().toString()),
                output());
        assertTrue(Files.exists(e.adapter().resolve(PeftAdapter.CONFIG)));
        assertTrue(Files.exists(e.adapter().resolve("tokenizer.json")));
        return e;
    }

    /**
     * Asserts that {@code exported} has {@code checkpoint}'s chat template and gives its
     * log-probabilities of {@code responses} within {@code tolerance}.
     */
    static void compare(
            NDManager root,
            Path checkpoint,
            Path exported,
            List<int[]> prompts,
            List<int[]> responses,
            double tolerance)
            throws Exception {
        Checkpoint.Loaded a = Checkpoint.load(checkpoint, root, DataType.FLOAT32);
        Checkpoint.Loaded b = HfCheckpoint.load(exported, root, DataType.FLOAT32);
        try (var ma = a.model();
                var mb = b.model();
                var ta = a.tokenizer();
                var tb = b.tokenizer()) {
            assertEquals(ta.chatTemplate(), tb.chatTemplate());
            double[] x = new SequenceScorer(ma).score(prompts, responses).get(0);
            double[] y = new SequenceScorer(mb).score(prompts, responses).get(0);
            assertArrayEquals(x, y, tolerance, checkpoint.toString());
        }
    }
}
