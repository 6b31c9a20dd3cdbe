package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchModelCommandTest {

    @Test
    void reportsThroughputAndFractionOfPeakOnATinyModel() {
        StringWriter text = new StringWriter();
        CommandLine cli = new CommandLine(new BenchCommand());
        cli.setOut(new PrintWriter(text));
        int code = cli.execute("model", "--vocab", "64", "--hidden", "16", "--ffn", "32", "--layers", "1",
                "--heads", "2", "--train-rows", "2", "--train-length", "8", "--sample-rows", "2", "--prompt", "4",
                "--new-tokens", "4", "--repeats", "1");
        String out = text.toString();
        assertEquals(0, code, out);
        assertTrue(out.contains("matmul peak:"), out);
        assertTrue(out.contains("of matmul peak"), out);
        assertTrue(out.contains("sampling with KV cache"), out);
    }
}
