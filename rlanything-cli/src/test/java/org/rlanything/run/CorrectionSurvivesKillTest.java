package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/**
 * A person's correction never makes a run unresumable. A real {@code train} process (key-lock,
 * checkpoints every 5 iterations) is paused at the end of iteration 8's training, the steps of
 * iteration 7's saved trajectories are corrected as {@code rlanything review} would, and the
 * process is killed with SIGKILL at each point between that correction and the next checkpoint:
 * right away, once iteration 8's logs are written, once iteration 9 has read the corrections, at
 * the end of iteration 9, half-way through checkpoint 10's write, and with checkpoint 10 in place.
 * Each time {@code train --resume} succeeds, corrections.jsonl is byte for byte as the person left
 * it, and the resumed run's metrics equal line for line those of a run that was never killed and
 * was corrected at the moment the resumed run's logs say: after iteration 7 when the resume rolled
 * the logs back to checkpoint 5 (the corrections wait until iteration 7 is saved again, then apply
 * from iteration 8 on), after iteration 8 when checkpoint 10 was in place.
 */
class CorrectionSurvivesKillTest {

    private static final int ITERATIONS = 12;

    @TempDir Path dir;

    private Path config() throws IOException {
        Path file = dir.resolve("run.yaml");
        if (!Files.exists(file)) {
            Files.writeString(
                    file,
                    String.join(
                            "\n",
                            "trainer: {seed: 10086, iterations: "
                                    + ITERATIONS
                                    + ", evaluate_every: 1, checkpoint_every: 5,"
                                    + " keep_checkpoints: 3, saved_trajectories: 4}",
                            "environment: {kind: keylock, pool_size: 16, max_steps: 12,"
                                    + " min_doors: 2, max_doors: 7}",
                            "policy: {kind: tabular, learning_rate: 1.0}",
                            "reward_model: {kind: tabular, learning_rate: 4.0, invalid_rate: 0.05}",
                            "algorithm: {tasks_per_iteration: 8, rollouts_per_task: 8,"
                                    + " verdicts_per_step: 3, rewriter_samples: 4}",
                            ""));
        }
        return file;
    }

    @Test
    void aCorrectionSurvivesAKillAtEachPointBeforeTheNextCheckpoint() throws Exception {
        // a run never killed, corrected after iteration 7, and one corrected after iteration 8
        Path afterSeven = reference(7);
        Path afterEight = reference(8);
        assertTrue(
                !Files.readAllLines(afterSeven.resolve("metrics.jsonl"))
                        .equals(Files.readAllLines(afterEight.resolve("metrics.jsonl"))),
                "the moment of the correction shows in the metrics");

        record Case(String stallAt, boolean rolledBack) {}
        List<Case> cases =
                List.of(
                        new Case(null, true), // killed right after the correction
                        new Case("logs-written:8", true),
                        new Case("corrections-read:9", true),
                        new Case("iteration-end:9", true),
                        new Case("checkpoint-write:10", true),
                        new Case("checkpoint-prune:10", false));
        for (Case c : cases) {
            String name = c.stallAt() == null ? "at-once" : c.stallAt().replace(':', '-');
            Path run = dir.resolve("killed-" + name);
            byte[] written = killAfterCorrecting(run, c.stallAt());
            RunFolder folder = new RunFolder(run);
            if (c.stallAt() == null) {
                // a resume killed once it has cut the logs back: the corrections wait
                killAt(
                        List.of("-Drlanything.test.stall_at=resume"),
                        "resume",
                        () -> {},
                        null,
                        "train",
                        "--resume",
                        run.toString(),
                        "-q");
                Corrections.State state = folder.corrections().state(folder.trajectories().read());
                assertEquals(4, state.standing(Corrections.Standing.WAITING).size(), name);
                assertTrue(
                        state.all()
                                .get(0)
                                .reason()
                                .startsWith("waiting: its iteration was rolled back"),
                        state.all().get(0).reason());
                assertTrue(state.inForce().isEmpty());
                // review starts over the folder and shows them waiting (it refused before)
                try (var server =
                        org.rlanything.run.review.ReviewServer.start(folder, "127.0.0.1", 0)) {
                    var answer =
                            java.net.http.HttpClient.newHttpClient()
                                    .send(
                                            java.net.http.HttpRequest.newBuilder(
                                                            java.net.URI.create(
                                                                    "http://127.0.0.1:"
                                                                            + server.port()
                                                                            + "/api/corrections"))
                                                    .header("X-Review-Token", server.token())
                                                    .build(),
                                            java.net.http.HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, answer.statusCode(), answer.body());
                    JsonNode listed = JsonlLog.JSON.readTree(answer.body()).get("corrections");
                    assertEquals(4, listed.size());
                    listed.forEach(w -> assertEquals("waiting", w.get("standing").asText()));
                }
            }
            succeeds(name, "train", "--resume", run.toString(), "-q");
            assertArrayEquals(
                    written,
                    Files.readAllBytes(folder.corrections().file()),
                    name + ": the person's file is kept as it was");
            Path reference = c.rolledBack() ? afterSeven : afterEight;
            assertEquals(
                    Files.readAllLines(reference.resolve("metrics.jsonl")),
                    Files.readAllLines(run.resolve("metrics.jsonl")),
                    name
                            + ": the same metrics as the run corrected after iteration "
                            + (c.rolledBack() ? 7 : 8));
            assertEquals(
                    Files.readAllLines(reference.resolve("trajectories.jsonl")),
                    Files.readAllLines(run.resolve("trajectories.jsonl")),
                    name);
            assertEquals(
                    4,
                    folder.corrections().inForce(folder.trajectories().read()).size(),
                    name + ": in force again");
        }
        // the corrections count from the iteration after they could be read
        double used = 0;
        for (JsonNode line : new RunFolder(afterSeven).metrics().read()) {
            int t = line.get("iteration").asInt();
            assertEquals(
                    t >= 8 ? 4 : 0, line.path("corrections/in_force").asInt(), line.toString());
            used += line.path("corrections/used").asDouble();
        }
        assertTrue(used > 0, "the corrected steps recur and are used");
    }

    /**
     * Trains to {@code iterations}, corrects the steps, then resumes to the end: a run never
     * killed, corrected after iteration {@code iterations}.
     */
    private Path reference(int iterations) throws Exception {
        Path run = dir.resolve("reference-" + iterations);
        succeeds(
                "reference",
                "train",
                config().toString(),
                "-q",
                "trainer.iterations=" + iterations,
                "trainer.run_dir=" + run);
        correctIterationSeven(new RunFolder(run));
        // the config records iterations: the resume extends it as a person would
        succeeds(
                "reference",
                "train",
                "--resume",
                run.toString(),
                "-q",
                "trainer.iterations=" + ITERATIONS);
        return run;
    }

    /** Runs {@code rlanything args} in this JVM; it must exit 0. */
    private static void succeeds(String what, String... args) {
        StringWriter out = new StringWriter();
        assertEquals(
                0, Main.run(new PrintWriter(out), new PrintWriter(out), args), what + ": " + out);
    }

    /**
     * Starts the run in a new JVM, pauses it at the end of iteration 8's training, corrects
     * iteration 7's steps, then kills it there ({@code stallAt} null) or at {@code stallAt}.
     * Returns corrections.jsonl as written.
     */
    private byte[] killAfterCorrecting(Path run, String stallAt) throws Exception {
        Path until = dir.resolve("go-on");
        Files.deleteIfExists(until);
        List<String> options = new ArrayList<>();
        options.add("-Drlanything.test.pause_at=iteration-end:8");
        options.add("-Drlanything.test.pause_until=" + until);
        if (stallAt != null) {
            options.add("-Drlanything.test.stall_at=" + stallAt);
        }
        byte[][] written = new byte[1][];
        killAt(
                options,
                "iteration-end:8",
                () -> {
                    RunFolder folder = new RunFolder(run);
                    correctIterationSeven(folder);
                    written[0] = Files.readAllBytes(folder.corrections().file());
                    if (stallAt != null) {
                        Files.writeString(until, "go");
                    }
                },
                stallAt,
                "train",
                config().toString(),
                "-q",
                "trainer.run_dir=" + run);
        return written[0];
    }

    /** What the test does while the process waits at a point. */
    private interface AtPoint {
        void act() throws Exception;
    }

    /**
     * Starts {@code args} in a new JVM with {@code options}, waits until it reaches {@code point}
     * (its marker file says so), does {@code atPoint}, waits for {@code then} if not null, and
     * kills it with SIGKILL.
     */
    private void killAt(
            List<String> options, String point, AtPoint atPoint, String then, String... args)
            throws Exception {
        Path marker = dir.resolve("marker");
        Files.deleteIfExists(marker);
        List<String> all = new ArrayList<>(options);
        all.add("-Drlanything.test.stall_marker=" + marker);
        Path log = dir.resolve("process.log");
        Process process = KillAndResumeTest.start(log, all, args);
        try {
            awaitMarker(marker, point, process, log);
            if (then != null) {
                Files.delete(marker);
            }
            atPoint.act();
            if (then != null) {
                awaitMarker(marker, then, process, log);
            }
        } finally {
            process.destroyForcibly(); // SIGKILL
            assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        }
    }

    private static void awaitMarker(Path marker, String point, Process process, Path log)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!(Files.exists(marker)
                        && Files.readString(marker, StandardCharsets.UTF_8).equals(point))
                && process.isAlive()
                && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(
                process.isAlive() && Files.exists(marker),
                "reached " + point + ": " + Files.readString(log));
    }

    /**
     * Corrects step 1 of each saved trajectory of iteration 7 to its step label, as {@code review}
     * writes a correction (first steps recur most in later rollouts of the same task).
     */
    private static void correctIterationSeven(RunFolder folder) throws IOException {
        List<JsonNode> saved = folder.trajectories().read();
        int written = 0;
        for (JsonNode t : saved) {
            if (t.get("iteration").asInt() != 7) {
                continue;
            }
            String label = t.path("steps").path(0).path("label").asText();
            folder.corrections()
                    .append(
                            Corrections.Correction.set(
                                    new Corrections.StepKey(7, t.get("slot").asInt(), 0),
                                    t.get("task").asText(),
                                    label.equals("good") ? 1 : -1,
                                    "the label"),
                            saved);
            written++;
        }
        assertEquals(4, written, "four saved trajectories of iteration 7");
    }
}
