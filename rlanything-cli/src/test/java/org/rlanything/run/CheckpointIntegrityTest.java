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
import java.util.Arrays;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/**
 * Finding 3: every checkpoint file is in a manifest with its size and SHA-256, checked by {@code
 * train --resume} and {@code eval}; a changed, cut, swapped or foreign checkpoint is refused,
 * naming the file and offering the previous checkpoint, and nothing in the run folder changes.
 */
class CheckpointIntegrityTest {

    @TempDir Path dir;

    private final StringWriter out = new StringWriter();
    private Path run;
    private Path newest;

    private int cli(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    private Path train(String name, long seed) throws IOException {
        Path config = dir.resolve(name + ".yaml");
        Files.writeString(
                config,
                "trainer: {seed: "
                        + seed
                        + ", iterations: 12, evaluate_every: 4,"
                        + " keep_checkpoints: 3}\nenvironment: {kind: keylock, pool_size: 8}\nalgorithm: {tasks_per_iteration: 4}\n");
        Path folder = dir.resolve(name);
        assertEquals(
                0,
                cli("train", config.toString(), "-q", "trainer.run_dir=" + folder),
                out.toString());
        return folder;
    }

    @BeforeEach
    void finishedRun() throws IOException {
        run = train("run", 9);
        newest = run.resolve("checkpoints/iter-000012");
    }

    /**
     * Damages the newest checkpoint; resume and eval are refused naming {@code named}; nothing
     * changes.
     */
    private void refused(Consumer<Path> damage, String named, String problem) throws IOException {
        damage.accept(newest);
        byte[] metrics = Files.readAllBytes(run.resolve("metrics.jsonl"));
        byte[] config = Files.readAllBytes(run.resolve("config.yaml"));
        out.getBuffer().setLength(0);
        assertEquals(
                2,
                cli("train", "--resume", run.toString(), "-q", "trainer.iterations=14"),
                out.toString());
        String message = out.toString();
        assertTrue(
                message.contains(newest.toString())
                        && message.contains(named)
                        && message.contains(problem),
                message);
        assertTrue(
                message.contains("previous checkpoint " + run.resolve("checkpoints/iter-000011")),
                message);
        assertFalse(message.contains("\tat "), message);
        assertArrayEquals(
                metrics,
                Files.readAllBytes(run.resolve("metrics.jsonl")),
                "metrics.jsonl unchanged");
        assertArrayEquals(
                config, Files.readAllBytes(run.resolve("config.yaml")), "config.yaml unchanged");
        out.getBuffer().setLength(0);
        assertEquals(2, cli("eval", run.toString()), out.toString());
        assertTrue(out.toString().contains(named), out.toString());
    }

    private static Consumer<Path> edit(
            String file, java.util.function.UnaryOperator<String> change) {
        return checkpoint -> {
            try {
                Path path = checkpoint.resolve(file);
                Files.writeString(path, change.apply(Files.readString(path)));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
    }

    @Test
    void anEditedIterationCounterIsRefused() throws IOException {
        refused(
                edit("loop.json", text -> text.replace("\"iteration\" : 12", "\"iteration\" : 2")),
                "loop.json",
                "changed");
    }

    @Test
    void aFlippedDigitInATableIsRefused() throws IOException {
        refused(
                edit(
                        "policy/policy.table",
                        text -> {
                            int digit = text.indexOf('3', text.indexOf('\n'));
                            return text.substring(0, digit) + '4' + text.substring(digit + 1);
                        }),
                "policy/policy.table",
                "changed");
    }

    @Test
    void aNonFiniteValueInATableIsRefused() throws IOException {
        refused(
                edit(
                        "reward_model/judge.table",
                        text -> {
                            String[] lines = text.split("\n", -1);
                            String[] numbers = lines[1].split(" ");
                            numbers[0] = "NaN";
                            numbers[1] = "Infinity";
                            lines[1] = String.join(" ", numbers);
                            return String.join("\n", lines);
                        }),
                "reward_model/judge.table",
                "");
    }

    @Test
    void aFileCutShortIsRefused() throws IOException {
        refused(
                checkpoint -> {
                    try {
                        Path table = checkpoint.resolve("policy/policy.table");
                        byte[] bytes = Files.readAllBytes(table);
                        Files.write(table, Arrays.copyOf(bytes, bytes.length * 99 / 100));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                },
                "policy/policy.table",
                "cut short");
    }

    @Test
    void oneTableCopiedOverTheOtherIsRefused() throws IOException {
        refused(
                checkpoint -> {
                    try {
                        Files.copy(
                                checkpoint.resolve("policy/policy.table"),
                                checkpoint.resolve("reward_model/judge.table"),
                                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                },
                "reward_model/judge.table",
                "");
    }

    @Test
    void aCheckpointOfAnotherRunIsRefused() throws IOException {
        Path other = train("other", 10);
        refused(
                checkpoint -> {
                    try {
                        org.rlanything.core.io.AtomicFiles.deleteTree(checkpoint);
                        RunFolderVerificationTest.copyTree(
                                other.resolve("checkpoints/iter-000012"), checkpoint);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                },
                "does not belong to this run",
                "seed 10");
    }

    @Test
    void anUndamagedRunResumesAndEvaluates() throws IOException {
        assertTrue(Files.isRegularFile(newest.resolve("manifest.json")));
        assertEquals(
                0,
                cli("train", "--resume", run.toString(), "-q", "trainer.iterations=14"),
                out.toString());
        assertEquals(0, cli("eval", run.toString()), out.toString());
        assertTrue(Files.isRegularFile(run.resolve("checkpoints/iter-000014/manifest.json")));
    }
}
