package org.rlanything.neural.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bench model} on a tiny model. */
class BenchModelCommandTest {

    @Test
    void reportsThroughputAndFractionOfPeakOnATinyModel() {
        StringWriter text = new StringWriter();
        CommandLine cli = new CommandLine(new BenchModelCommand());
        cli.setOut(new PrintWriter(text));
        // the benchmark's model needs a byte-level vocabulary (259 ids at least)
        int code =
                cli.execute(
                        "--vocab",
                        "300",
                        "--hidden",
                        "16",
                        "--ffn",
                        "32",
                        "--layers",
                        "1",
                        "--heads",
                        "2",
                        "--train-rows",
                        "2",
                        "--train-length",
                        "8",
                        "--sample-rows",
                        "2",
                        "--prompt",
                        "4",
                        "--new-tokens",
                        "4",
                        "--score-groups",
                        "3",
                        "--score-candidates",
                        "4",
                        "--score-tokens",
                        "3",
                        "--score-prompt",
                        "5",
                        "--threads",
                        "1",
                        "--repeats",
                        "1");
        String out = text.toString();
        assertEquals(0, code, out);
        assertTrue(out.contains("matmul peak:"), out);
        assertTrue(out.contains("of matmul peak"), out);
        assertTrue(out.contains("sampling with KV cache"), out);
        assertTrue(out.contains("scoring (3 groups x 4 candidates x 3 tokens"), out);
        String[] lines = out.strip().split("\n");
        String json = lines[lines.length - 1];
        assertTrue(
                json.startsWith("{\"bench\":\"model\"") && json.contains("\"score_candidates\":12"),
                json);
    }

    @Test
    void refusesBadShapesWithAClearMessage() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new BenchModelCommand());
        cli.setErr(new PrintWriter(err));
        assertEquals(2, cli.execute("--score-candidates", "0"));
        assertTrue(err.toString().contains("must be positive"), err.toString());
        assertEquals(2, cli.execute("--vocab", "64"));
        assertTrue(err.toString().contains("at least 259 ids"), err.toString());
    }
}
