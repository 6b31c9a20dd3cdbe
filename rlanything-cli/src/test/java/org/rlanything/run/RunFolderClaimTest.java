package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/** Findings 1 and 5: one writer per run folder, and a start that fails leaves no run behind. */
class RunFolderClaimTest {

    @TempDir Path dir;

    private Path config(int iterations) throws IOException {
        Path file = dir.resolve("run.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "trainer: {seed: 77, iterations: "
                                + iterations
                                + ", evaluate_every: 10, checkpoint_every: 1}",
                        "environment: {kind: keylock, pool_size: 48, max_steps: 12}",
                        "algorithm: {tasks_per_iteration: 24, rollouts_per_task: 8, rewriter_samples: 4}",
                        ""));
        return file;
    }

    private static int cli(StringWriter out, String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    /** Trains {@code config} into {@code run}, failing at the kill point {@code at}. */
    private static int trainFailingAt(String at, Path config, Path run, StringWriter out) {
        System.setProperty("rlanything.test.fail_at", at);
        try {
            return cli(out, "train", config.toString(), "-q", "trainer.run_dir=" + run);
        } finally {
            System.clearProperty("rlanything.test.fail_at");
        }
    }

    @Test
    void twoRealTrainProcessesOnOneFolderOneRunsTheOthersAreRefusedNamingTheHolder()
            throws Exception {
        Path config = config(100);
        Path reference = dir.resolve("reference");
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                cli(out, "train", config.toString(), "-q", "trainer.run_dir=" + reference),
                out.toString());

        Path shared = dir.resolve("shared");
        Process holder =
                KillAndResumeTest.start(
                        dir.resolve("holder.log"),
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + shared);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (KillAndResumeTest.lines(shared.resolve("metrics.jsonl")) < 3
                && holder.isAlive()
                && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        Process second =
                KillAndResumeTest.start(
                        dir.resolve("second.log"),
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + shared);
        Process resume =
                KillAndResumeTest.start(
                        dir.resolve("resume.log"), "train", "--resume", shared.toString(), "-q");
        assertTrue(second.waitFor(60, TimeUnit.SECONDS) && resume.waitFor(60, TimeUnit.SECONDS));
        assertTrue(holder.isAlive(), "the holder was still running while the others were refused");
        for (String log : new String[] {"second.log", "resume.log"}) {
            String text = Files.readString(dir.resolve(log));
            assertTrue(
                    text.contains("in use by another process (PID " + holder.pid()),
                    log + ": " + text);
            assertFalse(text.contains("\tat "), log + ": no stack trace: " + text);
        }
        assertEquals(2, second.exitValue());
        assertEquals(2, resume.exitValue());
        assertTrue(holder.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, holder.exitValue(), Files.readString(dir.resolve("holder.log")));
        for (String log : new String[] {"metrics.jsonl", "pool.jsonl", "trajectories.jsonl"}) {
            assertEquals(
                    Files.readAllLines(reference.resolve(log)),
                    Files.readAllLines(shared.resolve(log)),
                    log);
        }
    }

    @Test
    void aFailedStartLeavesNoRunSoTheCorrectedCommandRuns() throws Exception {
        Path config = config(3);
        Path run = dir.resolve("run");
        StringWriter out = new StringWriter();
        int code =
                cli(
                        out,
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + run,
                        "trainer.policy_init=" + dir.resolve("no-such-checkpoint/policy"));
        assertEquals(2, code, out.toString());
        assertTrue(out.toString().contains("trainer.policy_init"), out.toString());
        assertFalse(Files.exists(run.resolve("config.yaml")), "nothing written: " + out);
        assertFalse(Files.exists(run), "not even the folder");

        StringWriter again = new StringWriter();
        assertEquals(
                0,
                cli(again, "train", config.toString(), "-q", "trainer.run_dir=" + run),
                again.toString());
    }

    @Test
    void aRunThatRunsOutOfMemoryBeforeItsFirstCheckpointLeavesNoRun() throws Exception {
        Path config = config(3);
        Path run = dir.resolve("oom");
        StringWriter out = new StringWriter();
        assertEquals(1, trainFailingAt("iteration-end:1", config, run, out), out.toString());
        assertTrue(
                out.toString().contains("out of memory")
                        && out.toString().contains("RLANYTHING_JAVA_OPTS"),
                out.toString());
        assertFalse(out.toString().contains("\tat "), out.toString());
        assertFalse(Files.exists(run.resolve("config.yaml")), "no run left behind");
        StringWriter again = new StringWriter();
        assertEquals(
                0,
                cli(again, "train", config.toString(), "-q", "trainer.run_dir=" + run),
                again.toString());
    }

    /**
     * Issue 27, finding 11: a start that fails while its first iteration is being recorded (a full
     * disk: the first checkpoint was renamed into place, then the report could not be written)
     * leaves no run behind either, so the same command, run again, is not told that the folder
     * "already holds a run".
     */
    @Test
    void aStartThatFailsWhileItsFirstIterationIsRecordedLeavesNoRun() throws Exception {
        Path config = config(3);
        Path run = dir.resolve("full");
        StringWriter out = new StringWriter();
        assertEquals(1, trainFailingAt("checkpoint-prune:1", config, run, out), out.toString());
        for (String left :
                new String[] {"config.yaml", "run.json", "metrics.jsonl", "checkpoints"}) {
            assertFalse(Files.exists(run.resolve(left)), left + " left behind");
        }
        StringWriter again = new StringWriter();
        assertEquals(
                0,
                cli(again, "train", config.toString(), "-q", "trainer.run_dir=" + run),
                again.toString());
    }
}
