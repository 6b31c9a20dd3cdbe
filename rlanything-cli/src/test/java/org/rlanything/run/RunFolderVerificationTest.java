package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.core.io.AtomicFiles;

/**
 * Issue 27, findings 1 to 4 on the demo config: {@code train --resume} checks every log against the
 * checkpoint it resumes and refuses a gap naming the file and iteration; a checkpoint without its
 * manifest is refused; damage to the newest checkpoint is refused by {@code --resume} and {@code
 * eval}, offering the previous one explicitly, never passed over silently; {@code eval} of a run
 * whose rotation removes the checkpoint it reads evaluates a consistent checkpoint and says which.
 */
class RunFolderVerificationTest {

    static final Path DEMO = Path.of("..", "configs", "demo.yaml");

    @TempDir static Path shared;

    /** A finished 10-iteration demo run and an uninterrupted 12-iteration one. */
    private static Path finished;

    private static Path reference;

    @TempDir Path dir;

    private final StringWriter out = new StringWriter();

    static int cli(StringWriter out, String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    private int cli(String... args) {
        out.getBuffer().setLength(0);
        return cli(out, args);
    }

    @BeforeAll
    static void runs() {
        StringWriter log = new StringWriter();
        finished = shared.resolve("finished");
        reference = shared.resolve("reference");
        assertEquals(
                0,
                cli(
                        log,
                        "train",
                        DEMO.toString(),
                        "-q",
                        "trainer.iterations=10",
                        "trainer.run_dir=" + finished),
                log.toString());
        assertEquals(
                0,
                cli(
                        log,
                        "train",
                        DEMO.toString(),
                        "-q",
                        "trainer.iterations=12",
                        "trainer.run_dir=" + reference),
                log.toString());
    }

    /** A copy of the finished run, to damage. */
    private Path copy(String name) throws IOException {
        Path run = dir.resolve(name);
        copyTree(finished, run);
        return run;
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    /** Every file of the run folder but the lock, with its bytes. */
    static Map<String, byte[]> contents(Path run) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(run)) {
            for (Path path : walk.sorted().toList()) {
                if (Files.isRegularFile(path) && !path.getFileName().toString().equals(".lock")) {
                    files.put(run.relativize(path).toString(), Files.readAllBytes(path));
                }
            }
        }
        return files;
    }

    private static void assertUnchanged(Map<String, byte[]> before, Path run) throws IOException {
        Map<String, byte[]> after = contents(run);
        assertEquals(before.keySet(), after.keySet(), "no file added or removed");
        before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name));
    }

    private void refusedByResume(Path run, String... named) throws IOException {
        Map<String, byte[]> before = contents(run);
        assertEquals(
                2,
                cli("train", "--resume", run.toString(), "-q", "trainer.iterations=12"),
                out.toString());
        String message = out.toString();
        for (String part : named) {
            assertTrue(message.contains(part), "'" + part + "' in: " + message);
        }
        assertFalse(message.contains("\tat "), message);
        assertEquals(1, message.strip().lines().count(), "one line: " + message);
        assertUnchanged(before, run);
    }

    private static void removeLine(Path file, int line) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.remove(line - 1);
        Files.write(file, lines);
    }

    @Test
    void resumeRefusesLogsWithAGapNamingTheFileAndTheIteration() throws IOException {
        Path deleted = copy("deleted");
        Files.delete(deleted.resolve("metrics.jsonl"));
        refusedByResume(deleted, deleted.resolve("metrics.jsonl") + " ", "is missing");

        Path halved = copy("halved");
        Path pool = halved.resolve("pool.jsonl");
        byte[] bytes = Files.readAllBytes(pool);
        Files.write(pool, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        refusedByResume(halved, pool.toString(), "iteration ", "cut short");

        Path middle = copy("middle");
        removeLine(middle.resolve("metrics.jsonl"), 6); // iteration 5
        refusedByResume(
                middle, middle.resolve("metrics.jsonl").toString(), "iteration 5 is missing");

        Path trajectory = copy("trajectory");
        removeLine(trajectory.resolve("trajectories.jsonl"), 18); // one of iteration 5's
        refusedByResume(
                trajectory,
                trajectory.resolve("trajectories.jsonl").toString(),
                "iteration 5 has fewer lines");

        Path doubled = copy("doubled");
        List<String> lines = new ArrayList<>(Files.readAllLines(doubled.resolve("metrics.jsonl")));
        lines.add(lines.get(lines.size() - 1));
        Files.write(doubled.resolve("metrics.jsonl"), lines);
        refusedByResume(doubled, "metrics.jsonl", "an extra or out-of-order line of iteration 10");

        Path edited = copy("edited");
        Path timings = edited.resolve("timings.jsonl");
        Files.writeString(timings, Files.readString(timings).replaceFirst("0\\.", "9."));
        refusedByResume(edited, timings.toString(), "changed after it was written");
    }

    @Test
    void aResumeFromTheNamedEarlierCheckpointEqualsTheUninterruptedRun() throws IOException {
        Path run = copy("run");
        AtomicFiles.deleteTree(run.resolve("checkpoints/iter-000010"));
        assertEquals(
                0,
                cli(
                        "train",
                        "--resume",
                        run.toString(),
                        "--from",
                        "iter-000009",
                        "-q",
                        "trainer.iterations=12"),
                out.toString());
        for (String log : List.of("metrics.jsonl", "pool.jsonl", "trajectories.jsonl")) {
            assertEquals(
                    Files.readAllLines(reference.resolve(log)),
                    Files.readAllLines(run.resolve(log)),
                    log);
        }
        assertEquals(0, cli("eval", run.toString()), out.toString());
        String resumed = out.toString().replace(run.toString(), "RUN");
        assertEquals(0, cli("eval", reference.toString()), out.toString());
        assertEquals(out.toString().replace(reference.toString(), "RUN"), resumed);
    }

    @Test
    void aCheckpointWithoutItsManifestIsRefused() throws IOException {
        Path run = copy("run");
        Path newest = run.resolve("checkpoints/iter-000010");
        Files.delete(newest.resolve("manifest.json"));
        Path table = newest.resolve("policy/policy.table");
        String text = Files.readString(table);
        int digit = text.indexOf('3', text.indexOf('\n'));
        Files.writeString(table, text.substring(0, digit) + '4' + text.substring(digit + 1));
        refusedByResume(run, newest.toString(), "manifest.json is missing");
        assertEquals(2, cli("eval", run.toString()), out.toString());
        assertTrue(out.toString().contains("manifest.json is missing"), out.toString());
    }

    /**
     * Damages the newest checkpoint (or the checkpoints folder); resume and eval refuse naming it
     * and offer the previous checkpoint explicitly.
     */
    private void newestRefused(String name, Damage damage, boolean previousKept)
            throws IOException {
        Path run = copy(name);
        Path newest = run.resolve("checkpoints/iter-000010");
        damage.apply(newest);
        Path previous = run.resolve("checkpoints/iter-000009");
        List<String> named = new ArrayList<>(List.of(newest.toString()));
        if (previousKept) {
            named.add("--from iter-000009");
        }
        refusedByResume(run, named.toArray(String[]::new));
        assertEquals(2, cli("eval", run.toString()), out.toString());
        assertTrue(out.toString().contains(newest.toString()), out.toString());
        if (previousKept) {
            assertTrue(out.toString().contains("rlanything eval " + previous), out.toString());
            assertEquals(0, cli("eval", previous.toString()), out.toString());
            assertTrue(out.toString().contains("\"iteration\":9"), out.toString());
        }
    }

    /** A change to a checkpoint folder. */
    private interface Damage {
        void apply(Path checkpoint) throws IOException;
    }

    @Test
    void damageToTheNewestCheckpointIsRefusedNamingItAndThePreviousOne() throws IOException {
        newestRefused("no-loop", c -> Files.delete(c.resolve("loop.json")), true);
        newestRefused("gone", AtomicFiles::deleteTree, true);
        newestRefused(
                "file",
                c -> {
                    AtomicFiles.deleteTree(c);
                    Files.writeString(c, "not a checkpoint\n");
                },
                true);
        newestRefused(
                "loop",
                c -> {
                    AtomicFiles.deleteTree(c);
                    Files.createSymbolicLink(c, c.getFileName());
                },
                true);
        newestRefused("no-checkpoints", c -> AtomicFiles.deleteTree(c.getParent()), false);
    }

    /**
     * Starts {@code eval RUN} in a new JVM that pauses at {@code point}, lets {@code meanwhile} run
     * there (the run's rotation), then lets the evaluation go on; returns its output.
     */
    private String evalWhile(Path run, String point, Runnable meanwhile) throws Exception {
        Path marker = dir.resolve("paused-" + point);
        Path go = dir.resolve("go-" + point);
        Path log = dir.resolve("eval-" + point + ".log");
        Process eval =
                KillAndResumeTest.start(
                        log,
                        List.of(
                                "-Drlanything.test.pause_at=" + point,
                                "-Drlanything.test.stall_marker=" + marker,
                                "-Drlanything.test.pause_until=" + go),
                        "eval",
                        run.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(marker) && eval.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(Files.exists(marker), "paused at " + point + ": " + Files.readString(log));
        meanwhile.run();
        Files.writeString(go, "go");
        assertTrue(eval.waitFor(60, TimeUnit.SECONDS));
        String output = Files.readString(log);
        assertEquals(0, eval.exitValue(), output);
        return output;
    }

    /** Resumes {@code run} to 13 iterations: its rotation (3 kept) removes iter-000010. */
    private Runnable rotate(Path run) {
        return () -> {
            StringWriter log = new StringWriter();
            assertEquals(
                    0,
                    cli(log, "train", "--resume", run.toString(), "-q", "trainer.iterations=13"),
                    log.toString());
            assertFalse(Files.exists(run.resolve("checkpoints/iter-000010")), "rotated away");
        };
    }

    @Test
    void evalOfARunWhoseRotationRemovesTheCheckpointItReadsEvaluatesAWholeOne() throws Exception {
        assertEquals(0, cli("eval", finished.toString()), out.toString());
        String atTen = out.toString().strip().replace(finished.toString(), "RUN");

        Path beforeRead = copy("before-read");
        String newer = evalWhile(beforeRead, "eval-read", rotate(beforeRead));
        assertTrue(newer.contains("\"iteration\":13"), newer);
        assertTrue(newer.contains(beforeRead.resolve("checkpoints/iter-000013").toString()), newer);

        Path whileRead = copy("while-read");
        String read = evalWhile(whileRead, "eval-load", rotate(whileRead));
        assertEquals(atTen, read.strip().replace(whileRead.toString(), "RUN"));
    }

    /** Issue 27, finding 11: a manifest cut short is named, without the JSON parser's internals. */
    @Test
    void aManifestCutShortIsNamedWithoutParserInternals() throws IOException {
        Path run = copy("cut-manifest");
        Path manifest = run.resolve("checkpoints/iter-000010/manifest.json");
        byte[] bytes = Files.readAllBytes(manifest);
        Files.write(manifest, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        refusedByResume(run, "manifest.json is not readable JSON at line", "cut short");
        assertFalse(out.toString().contains("[Source"), out.toString());
        assertFalse(out.toString().contains("com.fasterxml"), out.toString());
    }
}
