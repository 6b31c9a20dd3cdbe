package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.ChildJvm;

/**
 * Starts a real {@code train} process, kills it with SIGKILL in the middle of the run, resumes it
 * with {@code train --resume}, and checks that the run folder's logs equal those of an
 * uninterrupted run of the same seed, line for line.
 */
class KillAndResumeTest {

    private static final int ITERATIONS = 100;

    @TempDir Path dir;

    private Path config() throws IOException {
        return config(ITERATIONS);
    }

    private Path config(int iterations) throws IOException {
        Path file = dir.resolve("run.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "trainer: {seed: 4242, iterations: "
                                + iterations
                                + ", evaluate_every: 10, checkpoint_every: 1,"
                                + " keep_checkpoints: 2}",
                        "environment: {kind: keylock, pool_size: 48, max_steps: 12}",
                        "algorithm: {tasks_per_iteration: 24, rollouts_per_task: 8, rewriter_samples: 4}",
                        ""));
        return file;
    }

    private Process train(String... args) throws IOException {
        return train(dir, args);
    }

    /** Starts {@code rlanything ARGS} in a new JVM, its output going to {@code dir/process.log}. */
    static Process train(Path dir, String... args) throws IOException {
        return start(dir.resolve("process.log"), args);
    }

    /** Starts {@code rlanything ARGS} in a new JVM, its output going to {@code log}. */
    static Process start(Path log, String... args) throws IOException {
        return start(log, List.of(), args);
    }

    /**
     * As {@link #start(Path, String...)}, with JVM options such as {@code
     * -Drlanything.test.stall_at=...}.
     */
    static Process start(Path log, List<String> jvmOptions, String... args) throws IOException {
        return new ProcessBuilder(
                        ChildJvm.command(jvmOptions, "org.rlanything.cli.Main", List.of(args)))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    static long lines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (var stream = Files.lines(file)) {
            return stream.count();
        }
    }

    @Test
    void aKilledRunResumesToTheSameLogsAsAnUninterruptedOne() throws Exception {
        Path config = config();
        Path reference = dir.resolve("reference");
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                Main.run(
                        new PrintWriter(out),
                        new PrintWriter(out),
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + reference),
                out.toString());

        Path killed = dir.resolve("killed");
        Process first = train("train", config.toString(), "-q", "trainer.run_dir=" + killed);
        Path metrics = killed.resolve("metrics.jsonl");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (lines(metrics) < 25 && first.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertTrue(
                first.isAlive(),
                "the run must still be going when it is killed: "
                        + Files.readString(dir.resolve("process.log")));
        first.destroyForcibly(); // SIGKILL: no shutdown hooks, no flushing
        first.waitFor(30, TimeUnit.SECONDS);
        long linesAtKill = lines(metrics);
        assertTrue(linesAtKill < ITERATIONS, "killed mid-run, after " + linesAtKill + " lines");

        Process second = train("train", "--resume", killed.toString(), "-q");
        assertTrue(second.waitFor(120, TimeUnit.SECONDS), "the resumed run finishes");
        assertEquals(0, second.exitValue(), Files.readString(dir.resolve("process.log")));

        for (String log : List.of("metrics.jsonl", "pool.jsonl", "trajectories.jsonl")) {
            List<String> expected = Files.readAllLines(reference.resolve(log));
            List<String> actual = Files.readAllLines(killed.resolve(log));
            assertEquals(expected.size(), actual.size(), log + " line count");
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i), actual.get(i), log + " line " + (i + 1));
            }
        }
        assertEquals(
                ITERATIONS + 1,
                lines(killed.resolve("metrics.jsonl")),
                "iteration 0 (the starting point's" + " evaluation) and one line per iteration");
        assertTrue(Files.exists(killed.resolve("report.html")));
    }

    /**
     * Starts {@code args}, waits until it stalls at {@code point}, and kills it there with SIGKILL.
     */
    private void killAt(String point, String... args) throws Exception {
        Path marker = dir.resolve("stalled-" + point.replace(':', '-'));
        Files.deleteIfExists(marker);
        Process process =
                start(
                        dir.resolve("process.log"),
                        List.of(
                                "-Drlanything.test.stall_at=" + point,
                                "-Drlanything.test.stall_marker=" + marker),
                        args);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.exists(marker) && process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(
                Files.exists(marker) && process.isAlive(),
                "stalled at " + point + ": " + Files.readString(dir.resolve("process.log")));
        process.destroyForcibly();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
    }

    @Test
    void killsDuringACheckpointWriteAndDuringResumeStillResumeToTheSameLogs() throws Exception {
        Path config = config(50);
        Path reference = dir.resolve("reference");
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                Main.run(
                        new PrintWriter(out),
                        new PrintWriter(out),
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + reference),
                out.toString());

        Path killed = dir.resolve("killed");
        killAt(
                "checkpoint-write:15",
                "train",
                config.toString(),
                "-q",
                "trainer.run_dir=" + killed);
        assertTrue(
                Files.isDirectory(killed.resolve("checkpoints/.tmp-iter-000015")),
                "killed mid-write");
        assertTrue(Files.isDirectory(killed.resolve("checkpoints/iter-000014")));
        killAt("resume", "train", "--resume", killed.toString(), "-q");
        killAt("checkpoint-prune:27", "train", "--resume", killed.toString(), "-q");
        killAt("checkpoint-write:28", "train", "--resume", killed.toString(), "-q");
        killAt("resume", "train", "--resume", killed.toString(), "-q");

        Process last = train("train", "--resume", killed.toString(), "-q");
        assertTrue(last.waitFor(120, TimeUnit.SECONDS), "the resumed run finishes");
        assertEquals(0, last.exitValue(), Files.readString(dir.resolve("process.log")));
        for (String log : List.of("metrics.jsonl", "pool.jsonl", "trajectories.jsonl")) {
            assertEquals(
                    Files.readAllLines(reference.resolve(log)),
                    Files.readAllLines(killed.resolve(log)),
                    log);
        }
        assertFalse(
                Files.exists(killed.resolve("checkpoints/.tmp-iter-000028")),
                "the torn checkpoint was removed");
    }
}
