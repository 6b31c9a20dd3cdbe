package org.rlanything.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rlanything.core.spi.ProviderRegistry;

/**
 * {@code docs/config-reference.md} is what {@link ConfigReference} generates from the settings
 * records now: a key added, removed, renamed, re-defaulted or re-documented fails this test until
 * the page is regenerated ({@code -Drlanything.docs.write=true} writes it). The hand-written
 * docs/config.md states each environment kind's algorithm defaults in the kind's section, and names
 * every experiment switch and expert bound under that heading.
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

    @Test
    void configMdStatesEachEnvironmentKindsAlgorithmDefaultsInItsSection() throws IOException {
        String guide = Files.readString(root().resolve("docs/config.md"), StandardCharsets.UTF_8);
        ProviderRegistry.get()
                .environments()
                .all()
                .forEach(
                        (kind, provider) -> {
                            if (provider.getClass()
                                    .getName()
                                    .startsWith(ConfigReference.TEST_KINDS)) {
                                return;
                            }
                            String section = section(guide, "\n### `kind: " + kind + "`\n", "\n#");
                            String line = ConfigReference.algorithmDefaults(kind);
                            assertTrue(
                                    section.contains(line),
                                    "docs/config.md's section of "
                                            + kind
                                            + " states its algorithm defaults: "
                                            + line);
                        });
    }

    @Test
    void configMdNamesEveryExperimentSwitchAndExpertBoundUnderTheirHeading() throws IOException {
        String guide = Files.readString(root().resolve("docs/config.md"), StandardCharsets.UTF_8);
        String heading = "\n## Experiment switches and expert bounds\n";
        String section = section(guide, heading, "\n## ");
        String generated = new ConfigReference(new RecordDocs(root())).page();
        String advanced = generated.substring(generated.indexOf(heading.substring(1)));
        Matcher key = Pattern.compile("(?m)^\\| `([a-z_]+)` \\|").matcher(advanced);
        int keys = 0;
        while (key.find()) {
            keys++;
            assertTrue(
                    section.contains("`" + key.group(1) + "`"),
                    "docs/config.md names " + key.group(1) + " under" + heading);
        }
        assertTrue(keys > 0, "the reference lists the marked keys under" + heading);
    }

    /**
     * The part of docs/config.md from {@code heading} up to the next line starting {@code next}.
     */
    private static String section(String guide, String heading, String next) {
        int start = guide.indexOf(heading);
        assertTrue(start >= 0, "docs/config.md has no section" + heading);
        int end = guide.indexOf(next, start + heading.length());
        return guide.substring(start, end < 0 ? guide.length() : end);
    }
}
