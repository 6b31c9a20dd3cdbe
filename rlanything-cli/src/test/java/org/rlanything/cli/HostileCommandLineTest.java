package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.run.config.ConfigException;
import org.rlanything.run.config.ConfigLoader;

/**
 * Issue 37, hardening findings 2 (a huge config), 4 (odd override values), 5 (a run folder that
 * cannot hold a run), 6 (trailing text and duplicate keys in run.json and manifest.json) and 7 (a
 * refused resume leaves .lock as it was; a line break in an override): each is bad input, refused
 * with exit 2 and one line before any training, never accepted, hung on or reported as exit 1.
 */
class HostileCommandLineTest {

    @TempDir Path dir;

    /** A small key-lock run (about a second per ten iterations). */
    private Path config() throws IOException {
        return Files.writeString(
                dir.resolve("run.yaml"),
                String.join(
                        "\n",
                        "trainer: {seed: 5, iterations: 2, evaluate_every: 10, checkpoint_every: 1}",
                        "environment: {kind: keylock, pool_size: 16, max_steps: 8}",
                        "algorithm: {tasks_per_iteration: 4, rollouts_per_task: 4}",
                        ""));
    }

    private record Result(int code, String text) {}

    /** Runs the command line, at most {@code seconds} (so a hang fails). */
    private static Result cli(int seconds, String... args) throws Exception {
        StringWriter out = new StringWriter();
        int code =
                CompletableFuture.supplyAsync(
                                () ->
                                        Main.run(
                                                new PrintWriter(out, true),
                                                new PrintWriter(out, true),
                                                args))
                        .get(seconds, TimeUnit.SECONDS);
        return new Result(code, out.toString().strip());
    }

    /** Asserts exit 2 with one line and no stack trace; returns the line. */
    private static String refused(Result result) {
        assertEquals(2, result.code(), result.text());
        assertFalse(
                result.text().contains("\tat ") || result.text().contains("internal error"),
                result.text());
        assertEquals(1, result.text().lines().count(), "one line: " + result.text());
        return result.text();
    }

    @Test
    void aConfigOfManyMegabytesIsRefusedBeforeItIsRead() throws Exception {
        Path big = dir.resolve("big.yaml");
        Files.writeString(big, Files.readString(config()) + "#" + "x".repeat(8 << 20) + "\n");
        long start = System.nanoTime();
        String message = refused(cli(30, "train", big.toString(), "-q"));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 5, "refused after " + seconds + " s");
        assertTrue(message.contains(big.toString()) && message.contains("bytes"), message);
    }

    private ConfigException overrideRefused(String override) throws IOException {
        Path file = config();
        return assertThrows(
                ConfigException.class, () -> ConfigLoader.load(file, List.of(override)));
    }

    @Test
    void tagsLowerCaseEnumNamesSubnormalNumbersAndLineBreaksInOverridesAreRefused()
            throws IOException {
        String tag = overrideRefused("trainer.seed=!!int \"5\"").getMessage();
        assertTrue(tag.contains("trainer.seed") && tag.contains("tag"), tag);
        String alias = overrideRefused("trainer.seed=*five").getMessage();
        assertTrue(alias.contains("alias"), alias);
        String lower = overrideRefused("algorithm.arm=policy").getMessage();
        assertTrue(lower.contains("algorithm.arm") && lower.contains("POLICY_REWARD_ENV"), lower);
        String tiny = overrideRefused("policy.learning_rate=1e-320").getMessage();
        assertTrue(tiny.contains("policy.learning_rate") && tiny.contains("1e-320"), tiny);
        String underflow = overrideRefused("policy.learning_rate=1e-400").getMessage();
        assertTrue(underflow.contains("1e-400"), underflow);
        String folded = overrideRefused("trainer.run_dir=a\nb").getMessage();
        assertTrue(folded.contains("line break"), folded);
        // the same values in a file
        Path file =
                Files.writeString(
                        dir.resolve("file.yaml"),
                        "policy:\n  kind: tabular\n  learning_rate: 1e-320\n");
        String inFile =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(file, List.of()))
                        .getMessage();
        assertTrue(inFile.contains("line 3") && inFile.contains("1e-320"), inFile);
        Files.writeString(file, "algorithm:\n  arm: policy\n");
        String lowerInFile =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(file, List.of()))
                        .getMessage();
        assertTrue(lowerInFile.contains("line 2"), lowerInFile);
        // a settings record's own refusal is told without the mapper's words
        Path alfworld =
                Files.writeString(
                        dir.resolve("alfworld.yaml"),
                        "environment:\n  kind: alfworld\n  rewrite_operators: bogus\n");
        String operators =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(alfworld, List.of()))
                        .getMessage();
        assertTrue(
                operators.contains("rewrite_operators 'bogus'")
                        && !operators.contains("Cannot construct"),
                operators);
        // what stays accepted
        assertEquals(
                5L,
                ConfigLoader.load(config(), List.of("trainer.seed=5")).trainer().seed(),
                "a plain number");
        ConfigLoader.load(config(), List.of("policy.learning_rate=1e-300")); // a normal number
    }

    @Test
    void aRunFolderThatCannotHoldARunIsRefusedBeforeTraining() throws Exception {
        Path config = config();
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        for (String runDir :
                List.of("/dev/null", file.toString(), "/proc/self", "/proc/self/run")) {
            String message =
                    refused(cli(60, "train", config.toString(), "-q", "trainer.run_dir=" + runDir));
            assertTrue(message.contains(runDir) && message.contains("trainer.run_dir"), message);
        }
        // a folder where report.html goes: refused before the first iteration, nothing written
        Path run = dir.resolve("run");
        Files.createDirectories(run.resolve("report.html"));
        String message =
                refused(
                        cli(
                                60,
                                "train",
                                config.toString(),
                                "-q",
                                "trainer.iterations=10",
                                "trainer.run_dir=" + run));
        assertTrue(message.contains(run.resolve("report.html").toString()), message);
        assertFalse(Files.exists(run.resolve("metrics.jsonl")), "refused before training");
        // the same in a finished run that is resumed
        Path done = dir.resolve("done");
        assertEquals(0, cli(60, "train", config.toString(), "-q", "trainer.run_dir=" + done).code);
        String metrics = Files.readString(done.resolve("metrics.jsonl"));
        Files.delete(done.resolve("report.html"));
        Files.createDirectories(done.resolve("report.html"));
        String resumed =
                refused(cli(60, "train", "--resume", done.toString(), "trainer.iterations=6"));
        assertTrue(resumed.contains(done.resolve("report.html").toString()), resumed);
        assertEquals(metrics, Files.readString(done.resolve("metrics.jsonl")));
    }

    @Test
    void aRefusedResumeLeavesTheLockFileAsItWas() throws Exception {
        Path run = dir.resolve("run");
        assertEquals(0, cli(60, "train", config().toString(), "-q", "trainer.run_dir=" + run).code);
        Files.writeString(run.resolve(".lock"), "pid 424242\n");
        Files.delete(run.resolve("metrics.jsonl"));
        refused(cli(60, "train", "--resume", run.toString(), "trainer.iterations=4"));
        assertEquals("pid 424242\n", Files.readString(run.resolve(".lock")));
    }

    @Test
    void trailingTextAndDuplicateKeysInRunJsonAndManifestAreRefused() throws Exception {
        Path done = dir.resolve("done");
        assertEquals(
                0, cli(60, "train", config().toString(), "-q", "trainer.run_dir=" + done).code);
        Path manifest = done.resolve("checkpoints/iter-000002/manifest.json");
        Path record = done.resolve("run.json");
        String manifestText = Files.readString(manifest);
        String recordText = Files.readString(record);
        List<String[]> damages =
                List.of(
                        new String[] {record.toString(), recordText + " GARBAGE"},
                        new String[] {
                            record.toString(), recordText.replaceFirst("\\{", "{\"format\": \"x\",")
                        },
                        new String[] {manifest.toString(), manifestText + "{}"},
                        new String[] {
                            manifest.toString(),
                            manifestText.replaceFirst("\\{", "{\"format\": \"x\",")
                        });
        for (String[] damage : damages) {
            Path target = Path.of(damage[0]);
            Files.writeString(target, damage[1]);
            String message = refused(cli(60, "eval", done.toString()));
            assertTrue(message.contains(target.getFileName().toString()), message);
            Files.writeString(record, recordText);
            Files.writeString(manifest, manifestText);
        }
        assertEquals(0, cli(60, "eval", done.toString()).code, "undamaged again");
    }

    /**
     * Issue 37, finding 7: an ALFWorld prompt limit beyond the starting policy's positions is
     * refused before any set-up (before, it came after the games were generated, or after minutes
     * of pretraining when the starting models did not exist yet, with the set-up's lines before
     * it).
     */
    @Test
    void anAlfworldPromptLimitBeyondThePolicysPositionsIsRefusedBeforeSetUp() throws Exception {
        org.rlanything.testfixtures.SharedData.require("alfworld");
        Path models = dir.resolve("no-models-yet");
        long start = System.nanoTime();
        String message =
                refused(
                        cli(
                                60,
                                "train",
                                Path.of("..", "configs", "alfworld.yaml").toString(),
                                "-q",
                                "trainer.starting_models=" + models,
                                "trainer.run_dir=" + dir.resolve("run"),
                                "policy.max_prompt_tokens=5000"));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 15, "refused before set-up, took " + seconds + " s");
        assertTrue(message.contains("policy.max_prompt_tokens"), message);
        assertFalse(Files.exists(models), "no pretraining began");
    }
}
