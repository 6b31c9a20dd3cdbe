package org.rlanything.demo;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 3 and 7 for checkpoints without a manifest: a table with NaN or Infinity, or binary
 * bytes, is refused.
 */
class TableFileTest {

    @TempDir Path dir;

    @Test
    void nonFiniteNumbersAreRefusedNamingFileAndRow() throws IOException {
        Path file = dir.resolve("policy.table");
        for (String bad : new String[] {"NaN", "Infinity", "-Infinity", "1e309"}) {
            Files.writeString(file, "rlanything-table v1 2 2\n0.5 0.25\n" + bad + " 1.0\n");
            String message =
                    assertThrows(IOException.class, () -> TableFile.read(file, 2, 2)).getMessage();
            assertTrue(
                    message.contains("Row 2")
                            && message.contains(file.toString())
                            && message.contains("not a finite number"),
                    message);
        }
    }

    @Test
    void binaryBytesAreNamedAsNotText() throws IOException {
        Path file = dir.resolve("judge.table");
        Files.write(file, new byte[] {0x1f, (byte) 0x8b, 8, 0, (byte) 0xc3, 0x28, '\n'});
        String message =
                assertThrows(IOException.class, () -> TableFile.read(file, 2, 2)).getMessage();
        assertTrue(message.contains(file.toString()) && message.contains("not text"), message);
    }
}
