package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/**
 * corrections.jsonl over a real demo run: corrections stack per step and undo takes back the
 * latest; a damaged file, a torn last line and a correction naming a step that does not exist are
 * refused with the file (and line) named and nothing written; checkpoints record the file and
 * {@code train --resume} refuses one whose recorded beginning was edited.
 */
class CorrectionsTest {

    @TempDir Path dir;

    @Test
    void correctionsStackPerStepAndRefuseWhatCannotBe() throws Exception {
        RunFolder folder = train(4);
        List<JsonNode> saved = folder.trajectories().read();
        JsonNode t = saved.get(saved.size() - 1);
        Corrections.StepKey step =
                new Corrections.StepKey(t.get("iteration").asInt(), t.get("slot").asInt(), 0);
        String task = t.get("task").asText();
        Corrections corrections = folder.corrections();

        corrections.append(Corrections.Correction.set(step, task, 1, "first"), saved);
        Map<Corrections.StepKey, Corrections.Correction> inForce =
                corrections.append(Corrections.Correction.set(step, task, -1, "second"), saved);
        assertEquals(-1, inForce.get(step).verdict());
        inForce = corrections.append(Corrections.Correction.undo(step, task), saved);
        assertEquals(1, inForce.get(step).verdict(), "undo takes back the latest");
        assertEquals("first", inForce.get(step).note());
        corrections.append(Corrections.Correction.undo(step, task), saved);
        assertTrue(corrections.inForce(saved).isEmpty());

        byte[] before = Files.readAllBytes(corrections.file());
        RunFolderException nothingToUndo =
                assertThrows(
                        RunFolderException.class,
                        () -> corrections.append(Corrections.Correction.undo(step, task), saved));
        assertTrue(nothingToUndo.getMessage().contains("no correction to undo"));
        Corrections.StepKey absent = new Corrections.StepKey(step.iteration(), step.slot(), 500);
        RunFolderException noSuchStep =
                assertThrows(
                        RunFolderException.class,
                        () ->
                                corrections.append(
                                        Corrections.Correction.set(absent, task, 1, ""), saved));
        assertTrue(
                noSuchStep.getMessage().contains("step 500 does not exist"),
                noSuchStep.getMessage());
        RunFolderException otherTask =
                assertThrows(
                        RunFolderException.class,
                        () ->
                                corrections.append(
                                        Corrections.Correction.set(step, "another", 1, ""), saved));
        assertTrue(otherTask.getMessage().contains("not \"another\""), otherTask.getMessage());
        assertArrayEquals(before, Files.readAllBytes(corrections.file()), "nothing written");

        Files.writeString(
                corrections.file(),
                "{\"iteration\": 1}\n",
                java.nio.file.StandardOpenOption.APPEND);
        RunFolderException damaged =
                assertThrows(RunFolderException.class, () -> corrections.inForce(saved));
        assertTrue(
                damaged.getMessage().contains("corrections.jsonl, line 5"), damaged.getMessage());
        assertEquals(1, damaged.getMessage().lines().count());

        Files.write(corrections.file(), before);
        Files.writeString(
                corrections.file(),
                "{\"iteration\": 1, \"sl",
                java.nio.file.StandardOpenOption.APPEND);
        RunFolderException torn =
                assertThrows(RunFolderException.class, () -> corrections.inForce(saved));
        assertTrue(torn.getMessage().contains("torn"), torn.getMessage());
        byte[] tornBytes = Files.readAllBytes(corrections.file());
        assertThrows(
                RunFolderException.class,
                () -> corrections.append(Corrections.Correction.set(step, task, 1, ""), saved));
        assertArrayEquals(
                tornBytes,
                Files.readAllBytes(corrections.file()),
                "nothing appended to a torn file");
    }

    @Test
    void aCorrectionWhoseStepIsGoneWaitsOrIsSetAsideAndIsNeverDeleted() throws Exception {
        RunFolder folder = train(4);
        List<JsonNode> saved = folder.trajectories().read();
        JsonNode t = saved.get(saved.size() - 1); // iteration 4
        int slot = t.get("slot").asInt();
        String task = t.get("task").asText();
        Corrections.StepKey step = new Corrections.StepKey(4, slot, 0);
        Corrections corrections = folder.corrections();
        corrections.append(Corrections.Correction.set(step, task, 1, "kept"), saved);
        byte[] written = Files.readAllBytes(corrections.file());

        // the logs rolled back to iteration 3: the correction waits, nothing is refused
        List<JsonNode> rolledBack =
                saved.stream().filter(x -> x.get("iteration").asInt() <= 3).toList();
        Corrections.State waiting = corrections.state(rolledBack);
        assertTrue(waiting.inForce().isEmpty());
        Corrections.Status status = waiting.all().get(0);
        assertEquals(Corrections.Standing.WAITING, status.standing());
        assertEquals(1, status.line());
        assertEquals(
                "waiting: its iteration was rolled back (trajectories.jsonl ends at iteration 3);"
                        + " it applies again when the run saves iteration 4 again.",
                status.reason());
        assertEquals("waiting", status.toJson().get("standing").asText());

        // iteration 4 saved again with another task in that slot: set aside, told once
        List<JsonNode> changed = new java.util.ArrayList<>(rolledBack);
        com.fasterxml.jackson.databind.node.ObjectNode other = t.deepCopy();
        other.put("task", "another-task");
        changed.add(other);
        Corrections.State aside = corrections.state(changed);
        assertEquals(Corrections.Standing.SET_ASIDE, aside.all().get(0).standing());
        assertTrue(
                aside.all()
                        .get(0)
                        .reason()
                        .startsWith("set aside: the saved trajectory of iteration 4"),
                aside.all().get(0).reason());
        List<String> notices = new java.util.ArrayList<>();
        CorrectionBook book = new CorrectionBook(folder, notices::add);
        book.iterationStarts(5);
        assertEquals(1, book.inForce(), "in force against the real log");
        assertTrue(notices.isEmpty());

        // the person may take back a waiting correction; a new one must name a step that exists
        byte[] beforeRefusal = Files.readAllBytes(corrections.file());
        RunFolderException gone =
                assertThrows(
                        RunFolderException.class,
                        () ->
                                corrections.append(
                                        Corrections.Correction.set(step, task, -1, ""),
                                        rolledBack));
        assertTrue(gone.getMessage().contains("nothing was written"), gone.getMessage());
        assertArrayEquals(beforeRefusal, Files.readAllBytes(corrections.file()));
        assertTrue(
                corrections.append(Corrections.Correction.undo(step, task), rolledBack).isEmpty());
        assertTrue(corrections.state(saved).all().isEmpty(), "taken back");
        byte[] now = Files.readAllBytes(corrections.file());
        assertArrayEquals(
                written,
                java.util.Arrays.copyOf(now, written.length),
                "the undo is a line of its own: nothing removed");

        // an index past the int range is damage, not a wrapped number
        Files.writeString(
                corrections.file(),
                "{\"iteration\": 4294967300, \"slot\": 0, \"task\": \"x\", \"step\": 0,"
                        + " \"verdict\": 1}\n",
                java.nio.file.StandardOpenOption.APPEND);
        RunFolderException wrapped =
                assertThrows(RunFolderException.class, () -> corrections.state(saved));
        assertTrue(wrapped.getMessage().contains("line 3"), wrapped.getMessage());
        assertTrue(wrapped.getMessage().contains("\"iteration\""), wrapped.getMessage());
    }

    @Test
    void aSetAsideCorrectionIsToldOnceInOneLine() throws Exception {
        RunFolder folder = train(3);
        List<JsonNode> saved = folder.trajectories().read();
        JsonNode t = saved.get(0);
        // a line naming a slot that iteration 1 never saved (as if the run had saved another one)
        Files.writeString(
                folder.corrections().file(),
                "{\"iteration\":"
                        + t.get("iteration").asInt()
                        + ",\"slot\":999,\"task\":\"gone\",\"step\":0,\"verdict\":1}\n");
        List<String> notices = new java.util.ArrayList<>();
        CorrectionBook book = new CorrectionBook(folder, notices::add);
        book.iterationStarts(4);
        book.iterationStarts(5);
        assertEquals(0, book.inForce());
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(
                notices.get(0).contains("corrections.jsonl, line 1: set aside:"), notices.get(0));
        assertEquals(1, notices.get(0).lines().count());
        assertEquals(
                0,
                run("train", "--resume", folder.root().toString(), "-q", "trainer.iterations=4"),
                "the run goes on");
    }

    @Test
    void checkpointsRecordTheCorrectionsAndResumeRefusesAnEditedOne() throws Exception {
        RunFolder folder = train(3);
        List<JsonNode> saved = folder.trajectories().read();
        JsonNode t = saved.get(0);
        Corrections.StepKey step =
                new Corrections.StepKey(t.get("iteration").asInt(), t.get("slot").asInt(), 0);
        folder.corrections()
                .append(Corrections.Correction.set(step, t.get("task").asText(), -1, "n"), saved);
        assertEquals(
                0,
                run("train", "--resume", folder.root().toString(), "-q", "trainer.iterations=4"));
        Path newest = folder.checkpoints().root().resolve("iter-000004");
        JsonNode manifest =
                JsonlLog.JSON.readTree(newest.resolve(CheckpointManifest.FILE).toFile());
        assertEquals(
                Files.size(folder.corrections().file()),
                manifest.path("logs").path(Corrections.FILE).path("bytes").asLong(),
                "the checkpoint records the corrections: " + manifest.path("logs"));

        String text = Files.readString(folder.corrections().file());
        Files.writeString(
                folder.corrections().file(), text.replace("\"verdict\":-1", "\"verdict\":1"));
        byte[] edited = Files.readAllBytes(folder.corrections().file());
        byte[] metrics = Files.readAllBytes(folder.metrics().file());
        StringWriter err = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(err),
                        "train",
                        "--resume",
                        folder.root().toString(),
                        "-q",
                        "trainer.iterations=5");
        assertEquals(2, code, err.toString());
        assertTrue(
                err.toString().contains("corrections.jsonl does not match the checkpoint"),
                err.toString());
        assertArrayEquals(edited, Files.readAllBytes(folder.corrections().file()));
        assertArrayEquals(metrics, Files.readAllBytes(folder.metrics().file()), "nothing changed");

        // the recorded part restored, a damaged line after it: refused too, naming the line
        Files.writeString(folder.corrections().file(), text + "not json\n");
        StringWriter err2 = new StringWriter();
        assertEquals(
                2,
                Main.run(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(err2),
                        "train",
                        "--resume",
                        folder.root().toString(),
                        "-q",
                        "trainer.iterations=5"),
                err2.toString());
        assertTrue(err2.toString().contains("corrections.jsonl, line 2"), err2.toString());
        assertArrayEquals(metrics, Files.readAllBytes(folder.metrics().file()), "nothing changed");
    }

    @Test
    void theLoopUsesTheCorrectionsFromTheNextIterationAndResumesExactly() throws Exception {
        RunFolder a = train(3, "a");
        RunFolder b = train(3, "b");
        RunFolder plain = train(6, "plain");
        int written = correctFirstSteps(a);
        assertEquals(written, correctFirstSteps(b));
        assertTrue(written > 0);
        assertEquals(
                0, run("train", "--resume", a.root().toString(), "-q", "trainer.iterations=6"));
        // 5: an evaluation iteration in both runs (a run evaluates at its last iteration too)
        assertEquals(
                0, run("train", "--resume", b.root().toString(), "-q", "trainer.iterations=5"));
        assertEquals(
                0, run("train", "--resume", b.root().toString(), "-q", "trainer.iterations=6"));

        List<String> linesA = Files.readAllLines(a.metrics().file());
        List<String> linesB = Files.readAllLines(b.metrics().file());
        for (int i = 0; i < Math.max(linesA.size(), linesB.size()); i++) {
            assertEquals(
                    linesA.get(i), linesB.get(i), "a resume in between changes nothing: line " + i);
        }
        List<JsonNode> metrics = a.metrics().read();
        double used = 0;
        for (JsonNode line : metrics) {
            int t = line.get("iteration").asInt();
            if (t <= 3) {
                assertTrue(
                        line.path("corrections/in_force").isMissingNode(), "none before: " + line);
            } else {
                assertEquals(written, line.path("corrections/in_force").asInt(), "line " + t);
                used += line.path("corrections/used").asDouble();
            }
        }
        assertTrue(used > 0, "the corrected steps recur in later rollouts and are used");
        List<String> plainLines = Files.readAllLines(plain.metrics().file());
        // up to iteration 2 the same run (line 3 of a run that stopped at 3 adds an evaluation)
        assertEquals(linesA.subList(0, 3), plainLines.subList(0, 3));
        assertTrue(
                !training(metrics.get(6)).equals(training(plain.metrics().read().get(6))),
                "the corrections change the training");
        JsonNode manifest =
                JsonlLog.JSON.readTree(
                        a.checkpoints()
                                .root()
                                .resolve("iter-000006")
                                .resolve(CheckpointManifest.FILE)
                                .toFile());
        assertEquals(
                Files.size(a.corrections().file()),
                manifest.path("logs").path(Corrections.FILE).path("bytes").asLong(),
                "the checkpoint records the corrections it consumed");
    }

    @Test
    void theSimulatedReviewerCorrectsEachIterationAndResumesExactly() throws Exception {
        RunFolder whole = train(4, "reviewed", "trainer.simulated_reviewer=3");
        RunFolder halves = train(2, "halves", "trainer.simulated_reviewer=3");
        assertEquals(
                0,
                run("train", "--resume", halves.root().toString(), "-q", "trainer.iterations=4"));
        RunFolder plain = train(4, "unreviewed");
        List<JsonNode> reviewed = whole.metrics().read();
        List<JsonNode> resumed = halves.metrics().read();
        double used = 0;
        for (int t = 1; t <= 4; t++) {
            assertEquals(
                    training(reviewed.get(t)),
                    training(resumed.get(t)),
                    "a resume in between changes nothing: iteration " + t);
            assertTrue(reviewed.get(t).path("corrections/in_force").asInt() <= 3);
            used += reviewed.get(t).path("corrections/used").asDouble();
        }
        assertTrue(used > 0, "the reviewer's corrections reach the training data");
        assertTrue(
                !training(reviewed.get(4)).equals(training(plain.metrics().read().get(4))),
                "the corrections change the training");
        assertEquals(false, Files.exists(whole.corrections().file()), "nothing is written");
    }

    /** A metrics line less its evaluation figures. */
    private static JsonNode training(JsonNode line) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = line.deepCopy();
        copy.remove(
                copy.properties().stream()
                        .map(java.util.Map.Entry::getKey)
                        .filter(k -> k.startsWith("val-"))
                        .toList());
        return copy;
    }

    /**
     * Corrects step 1 of each saved trajectory to its step label (first steps recur most in later
     * rollouts of the same task).
     */
    private static int correctFirstSteps(RunFolder folder) throws Exception {
        List<JsonNode> saved = folder.trajectories().read();
        int written = 0;
        for (JsonNode t : saved) {
            String label = t.path("steps").path(0).path("label").asText();
            if (!(label.equals("good") || label.equals("bad"))) {
                continue;
            }
            folder.corrections()
                    .append(
                            Corrections.Correction.set(
                                    new Corrections.StepKey(
                                            t.get("iteration").asInt(), t.get("slot").asInt(), 0),
                                    t.get("task").asText(),
                                    label.equals("good") ? 1 : -1,
                                    "the label"),
                            saved);
            written++;
        }
        return written;
    }

    private RunFolder train(int iterations) {
        return train(iterations, "run");
    }

    private RunFolder train(int iterations, String name, String... overrides) {
        Path run = dir.resolve(name);
        List<String> args =
                new java.util.ArrayList<>(
                        List.of(
                                "train",
                                Path.of("..", "configs", "demo.yaml").toString(),
                                "-q",
                                "trainer.iterations=" + iterations,
                                "trainer.run_dir=" + run));
        args.addAll(List.of(overrides));
        assertEquals(0, run(args.toArray(String[]::new)));
        return new RunFolder(run);
    }

    private static int run(String... args) {
        StringWriter out = new StringWriter();
        return Main.run(new PrintWriter(out), new PrintWriter(out), args);
    }
}
