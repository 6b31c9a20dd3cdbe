package org.rlanything.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.cli.Main;

/**
 * Finding 0: an ALFWorld run folder (small starting models from a few pretraining steps) is killed
 * with SIGKILL, resumed with {@code train --resume} and evaluated with {@code eval}, as the
 * README's main job is.
 */
class AlfworldRunFolderTest {

    @TempDir Path dir;

    private int cli(StringWriter out, String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    @Test
    void anAlfworldRunIsKilledResumedToTheSameMetricsAndEvaluated() throws Exception {
        try {
            AlfworldData.locate();
        } catch (RuntimeException e) {
            org.rlanything.cli.SharedData.require(
                    false, "The ALFWorld data folder (shared/data/alfworld)");
        }
        StringWriter out = new StringWriter();
        Path start = dir.resolve("start");
        assertEquals(
                0,
                cli(
                        out,
                        "pretrain",
                        "--seed",
                        "5",
                        "--out",
                        start.toString(),
                        "--train-games",
                        "40",
                        "--bc-steps",
                        "2",
                        "--rm-steps",
                        "2",
                        "--dagger-rounds",
                        "0",
                        "-q"),
                out.toString());
        Path config = dir.resolve("alfworld.yaml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "trainer: {seed: 5, iterations: 6, evaluate_every: 0, checkpoint_every: 1, keep_checkpoints: 2,"
                                + " starting_models: "
                                + start
                                + "}",
                        "environment: {kind: alfworld, pool_size: 3, pool_offset: 1000, max_steps: 4, eval_generated_games: 1,"
                                + " eval_real_games: false, eval_rollouts: 1, eval_max_steps: 4, eval_verdicts: 1}",
                        "policy: {kind: neural, optimizer_steps: 1}",
                        "reward_model: {kind: neural, optimizer_steps: 1, max_tokens: 6}",
                        "algorithm: {tasks_per_iteration: 2, rollouts_per_task: 2, verdicts_per_step: 1, rewriter_samples: 1}",
                        ""));
        Path reference = dir.resolve("reference");
        assertEquals(
                0,
                cli(out, "train", config.toString(), "-q", "trainer.run_dir=" + reference),
                out.toString());

        Path killed = dir.resolve("killed");
        Process first =
                KillAndResumeTest.train(
                        dir, "train", config.toString(), "-q", "trainer.run_dir=" + killed);
        Path metrics = killed.resolve("metrics.jsonl");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (KillAndResumeTest.lines(metrics) < 3
                && first.isAlive()
                && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertTrue(
                first.isAlive(),
                "still running when killed: " + Files.readString(dir.resolve("process.log")));
        first.destroyForcibly();
        first.waitFor(30, TimeUnit.SECONDS);

        Process second = KillAndResumeTest.train(dir, "train", "--resume", killed.toString(), "-q");
        assertTrue(second.waitFor(180, TimeUnit.SECONDS), "the resumed run finishes");
        assertEquals(0, second.exitValue(), Files.readString(dir.resolve("process.log")));
        assertEquals(
                Files.readAllLines(reference.resolve("metrics.jsonl")),
                Files.readAllLines(metrics));

        StringWriter eval = new StringWriter();
        assertEquals(0, cli(eval, "eval", killed.toString()), eval.toString());
        String line = eval.toString().strip();
        assertTrue(line.startsWith("{") && line.contains("\"iteration\":6"), line);
    }
}
