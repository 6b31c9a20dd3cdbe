package org.rlanything.cli.run;

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
    }

    private RunFolder train(int iterations) {
        Path run = dir.resolve("run");
        assertEquals(
                0,
                run(
                        "train",
                        Path.of("..", "configs", "demo.yaml").toString(),
                        "-q",
                        "trainer.iterations=" + iterations,
                        "trainer.run_dir=" + run));
        return new RunFolder(run);
    }

    private static int run(String... args) {
        StringWriter out = new StringWriter();
        return Main.run(new PrintWriter(out), new PrintWriter(out), args);
    }
}
