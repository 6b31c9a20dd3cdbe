package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/**
 * Finding 2: {@code --resume} never drops a line it cannot parse; it names the file and line
 * instead.
 */
class CorruptLogTest {

    @TempDir Path dir;

    private final StringWriter out = new StringWriter();

    private int cli(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    private Path finishedRun() throws IOException {
        Path config = dir.resolve("run.yaml");
        Files.writeString(
                config,
                "trainer: {seed: 9, iterations: 12, evaluate_every: 4}\n"
                        + "environment: {kind: keylock, pool_size: 8}\nalgorithm: {tasks_per_iteration: 4}\n");
        Path run = dir.resolve("run");
        assertEquals(
                0, cli("train", config.toString(), "-q", "trainer.run_dir=" + run), out.toString());
        return run;
    }

    private void resumeIsRefusedAndChangesNothing(Path run, Path log, int line) throws IOException {
        byte[] before = Files.readAllBytes(log);
        byte[] config = Files.readAllBytes(run.resolve("config.yaml"));
        out.getBuffer().setLength(0);
        assertEquals(
                2,
                cli("train", "--resume", run.toString(), "-q", "trainer.iterations=14"),
                out.toString());
        assertTrue(out.toString().contains(log + ", line " + line + ": "), out.toString());
        assertFalse(out.toString().contains("\tat "), out.toString());
        assertArrayEquals(before, Files.readAllBytes(log), "the log is left as it was");
        assertArrayEquals(
                config, Files.readAllBytes(run.resolve("config.yaml")), "config.yaml too");
    }

    private static void replaceLine(Path file, int line, String text) throws IOException {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(file));
        lines.set(line - 1, text);
        Files.write(file, lines);
    }

    @Test
    void anUnparseableLineInTheMiddleOfMetricsStopsTheResume() throws IOException {
        Path run = finishedRun();
        Path metrics = run.resolve("metrics.jsonl");
        replaceLine(metrics, 5, "{\"iteration\": 4, \"val-core/keylock/pass@1\": 0.5"); // cut short
        resumeIsRefusedAndChangesNothing(run, metrics, 5);
    }

    @Test
    void anUnparseableLineInThePoolLogStopsTheResume() throws IOException {
        Path run = finishedRun();
        Path pool = run.resolve("pool.jsonl");
        assertTrue(Files.readAllLines(pool).size() >= 3, "the pool log has lines");
        replaceLine(pool, 2, "garbage");
        resumeIsRefusedAndChangesNothing(run, pool, 2);
    }

    @Test
    void binaryBytesAreNamedWithTheirLineNotAsInputLength() throws IOException {
        Path run = finishedRun();
        Path metrics = run.resolve("metrics.jsonl");
        List<String> lines = Files.readAllLines(metrics);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            text.append(i == 2 ? "\u0000" : lines.get(i)).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        int at = text.indexOf("\u0000");
        bytes[at] = (byte) 0xC3; // a lone lead byte: not UTF-8
        Files.write(metrics, bytes);
        resumeIsRefusedAndChangesNothing(run, metrics, 3);
        assertTrue(out.toString().contains("not UTF-8"), out.toString());
    }
}
