package org.rlanything.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/config-reference.md} is what {@link ConfigReference} generates from the settings
 * records now: a key added, removed, renamed, re-defaulted or re-documented fails this test until
 * the page is regenerated ({@code -Drlanything.docs.write=true} writes it).
 */
class ConfigReferenceTest {

    @Test
    void theGeneratedConfigReferenceIsCurrent() throws IOException {
        Path root = root();
        Path page = root.resolve("docs/config-reference.md");
        String generated = new ConfigReference(new RecordDocs(root)).page();
        if (Boolean.getBoolean("rlanything.docs.write")) {
            Files.writeString(page, generated, StandardCharsets.UTF_8);
        }
        assertTrue(Files.isRegularFile(page), "docs/config-reference.md is missing");
        assertEquals(
                generated,
                Files.readString(page, StandardCharsets.UTF_8),
                "docs/config-reference.md is stale: regenerate it (see its first lines)");
    }

    @Test
    void everyKeyOfTheRecordsHasAMeaning() {
        String generated = new ConfigReference(new RecordDocs(root())).page();
        for (String line : generated.split("\n")) {
            if (line.startsWith("| `")) {
                assertTrue(!line.endsWith("|  |"), "a key without javadoc: " + line);
            }
        }
    }

    private static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("docs"))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "no folder with docs/ above the working directory");
        return dir;
    }
}
