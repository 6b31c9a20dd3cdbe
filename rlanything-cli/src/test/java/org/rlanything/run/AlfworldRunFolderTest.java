package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.SharedData;

/**
 * Finding 0: an ALFWorld run folder (small starting models from a few pretraining steps) is killed
 * with SIGKILL, resumed with {@code train --resume} and evaluated with {@code eval}, as the
 * README's main job is. Issue 27, findings 1 to 4 on the same run: a gap in a log, a checkpoint
 * without its manifest and a missing newest checkpoint are refused; an evaluation reads a whole
 * checkpoint while the run's rotation removes it.
 */
class AlfworldRunFolderTest {

    @TempDir static Path dir;

    /** The finished 6-iteration run (2 checkpoints kept) and its config. */
    private static Path reference;

    private static Path config;

    private static int cli(StringWriter out, String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    @BeforeAll
    static void finishedRun() throws Exception {
        try {
            AlfworldData.locate();
        } catch (RuntimeException e) {
            SharedData.require(false, "The ALFWorld data folder (shared/data/alfworld)");
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
        config = dir.resolve("alfworld.yaml");
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
        reference = dir.resolve("reference");
        assertEquals(
                0,
                cli(out, "train", config.toString(), "-q", "trainer.run_dir=" + reference),
                out.toString());
    }

    @Test
    void anAlfworldRunIsKilledResumedToTheSameMetricsAndEvaluated() throws Exception {
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

    /**
     * Resume (and, when {@code evalToo}, eval) of a damaged copy of the finished run exit 2 naming
     * {@code named}, and leave the folder as it was.
     */
    private static void refused(String name, boolean evalToo, Damage damage, String... named)
            throws Exception {
        Path run = dir.resolve(name);
        RunFolderVerificationTest.copyTree(reference, run);
        damage.apply(run);
        Map<String, byte[]> before = RunFolderVerificationTest.contents(run);
        List<String[]> commands = new ArrayList<>();
        commands.add(
                new String[] {"train", "--resume", run.toString(), "-q", "trainer.iterations=8"});
        if (evalToo) {
            commands.add(new String[] {"eval", run.toString()});
        }
        for (String[] command : commands) {
            StringWriter out = new StringWriter();
            assertEquals(2, cli(out, command), out.toString());
            for (String part : named) {
                assertTrue(out.toString().contains(part), part + " in: " + out);
            }
            assertFalse(out.toString().contains("\tat "), out.toString());
        }
        Map<String, byte[]> after = RunFolderVerificationTest.contents(run);
        assertEquals(before.keySet(), after.keySet());
        before.forEach((file, bytes) -> assertTrue(Arrays.equals(bytes, after.get(file)), file));
    }

    private interface Damage {
        void apply(Path run) throws IOException;
    }

    @Test
    void damageToAnAlfworldRunIsRefusedAndEvalReadsAWholeCheckpointWhileTheRunRotates()
            throws Exception {
        refused(
                "gap",
                false, // eval reads no log
                run -> {
                    List<String> lines =
                            new ArrayList<>(Files.readAllLines(run.resolve("metrics.jsonl")));
                    lines.remove(3); // iteration 3
                    Files.write(run.resolve("metrics.jsonl"), lines);
                },
                "metrics.jsonl",
                "iteration 3 is missing");
        refused(
                "no-manifest",
                true,
                run -> Files.delete(run.resolve("checkpoints/iter-000006/manifest.json")),
                "manifest.json is missing",
                "iter-000005");
        refused(
                "no-newest",
                true,
                run ->
                        org.rlanything.core.io.AtomicFiles.deleteTree(
                                run.resolve("checkpoints/iter-000006")),
                "iter-000006",
                "is missing",
                "iter-000005");

        Path rotating = dir.resolve("rotating");
        RunFolderVerificationTest.copyTree(reference, rotating);
        Path marker = dir.resolve("paused");
        Path go = dir.resolve("go");
        Process reader =
                KillAndResumeTest.start(
                        dir.resolve("eval.log"),
                        List.of(
                                "-Drlanything.test.pause_at=eval-load",
                                "-Drlanything.test.stall_marker=" + marker,
                                "-Drlanything.test.pause_until=" + go),
                        "eval",
                        rotating.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(marker) && reader.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(Files.exists(marker), Files.readString(dir.resolve("eval.log")));
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                cli(out, "train", "--resume", rotating.toString(), "-q", "trainer.iterations=8"),
                out.toString());
        assertFalse(Files.exists(rotating.resolve("checkpoints/iter-000006")), "rotated away");
        Files.writeString(go, "go");
        assertTrue(reader.waitFor(120, TimeUnit.SECONDS));
        String read = Files.readString(dir.resolve("eval.log"));
        assertEquals(0, reader.exitValue(), read);
        JsonNode figures =
                JsonlLog.JSON.readTree(read.strip().lines().reduce((a, b) -> b).orElse(""));
        assertEquals(6, figures.path("iteration").asInt(), read);
        // the run evaluated its last iteration with the same seed: the whole checkpoint gives
        // the same figures
        JsonNode recorded =
                JsonlLog.JSON.readTree(
                        Files.readAllLines(reference.resolve("metrics.jsonl")).get(6));
        int compared = 0;
        for (String key : (Iterable<String>) figures::fieldNames) {
            if (key.startsWith("val-")) {
                assertEquals(recorded.path(key).asDouble(), figures.path(key).asDouble(), key);
                compared++;
            }
        }
        assertTrue(compared > 0, read);
    }
}
