package org.rlanything.run.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/**
 * A plugin jar compiled here from {@code plugin-src/dial} (so that none of its classes is on the
 * tool's class path) adds {@code environment.kind: dial} and {@code policy.kind: dial_random}:
 * loaded from {@code plugins/} beside the config, from {@code --plugins} and from the run folder on
 * resume; recorded by name, version and SHA-256 in every checkpoint; refused on resume when the jar
 * changed.
 */
class PluginsTest {

    @TempDir static Path built;
    @TempDir Path dir;

    private static Path jar;

    @BeforeAll
    static void buildThePlugin() throws IOException {
        Map<String, byte[]> entries =
                TestPlugins.entries(TestPlugins.compile(built, "dial/DialPlugin.java"));
        try (InputStream in =
                PluginsTest.class.getResourceAsStream(
                        "/plugin-src/dial/org.rlanything.core.spi.Provider")) {
            entries.put("META-INF/services/org.rlanything.core.spi.Provider", in.readAllBytes());
        }
        entries.put(
                "META-INF/maven/org.example/dial-plugin/pom.properties",
                "groupId=org.example\nartifactId=dial-plugin\nversion=1.2.3\n"
                        .getBytes(StandardCharsets.UTF_8));
        jar = TestPlugins.jar(built.resolve("dial-plugin-1.2.3.jar"), entries);
    }

    @AfterEach
    void noPluginsAfterwards() {
        Plugins.activate(new String[0], Map.of());
    }

    private static String cli(int expected, String... args) {
        StringWriter out = new StringWriter();
        int rc = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        assertEquals(expected, rc, out.toString());
        return out.toString();
    }

    private Path config(Path folder) throws IOException {
        Files.createDirectories(folder);
        Path file = folder.resolve("dial.yaml");
        Files.writeString(
                file,
                "trainer: {seed: 5, iterations: 2, evaluate_every: 0, run_dir: "
                        + dir.resolve("run")
                        + "}\n"
                        + "environment: {kind: dial, pool_size: 3, max_steps: 5}\n"
                        + "policy: {kind: dial_random}\n"
                        + "reward_model: {kind: label}\n"
                        + "algorithm: {tasks_per_iteration: 2, rollouts_per_task: 2,"
                        + " verdicts_per_step: 1}\n");
        return file;
    }

    @Test
    void anUnknownKindSaysHowToAddOne() throws IOException {
        String out = cli(2, "train", config(dir.resolve("bare")).toString(), "-q");
        assertTrue(out.contains("unknown kind 'dial'"), out);
        assertTrue(out.contains("plugins/ beside the config"), out);
        assertTrue(out.contains("--plugins DIR"), out);
        assertTrue(out.contains("RLANYTHING_PLUGINS"), out);
        assertEquals(1, out.strip().lines().count(), out);
    }

    @Test
    void aPluginBesideTheConfigTrainsIsRecordedAndResumes() throws IOException {
        Path folder = dir.resolve("project");
        Files.createDirectories(folder.resolve("plugins"));
        Path copy = Files.copy(jar, folder.resolve("plugins").resolve(jar.getFileName()));
        cli(0, "train", config(folder).toString(), "-q");

        JsonNode plugins = provenance("iter-000002").path("plugins");
        assertEquals(1, plugins.size(), plugins.toString());
        assertEquals("dial-plugin", plugins.get(0).path("name").asText());
        assertEquals("1.2.3", plugins.get(0).path("version").asText());
        assertEquals(PluginJar.sha256(copy), plugins.get(0).path("sha256").asText());
        assertEquals(64, plugins.get(0).path("sha256").asText().length());

        // resume finds the jar through the run folder's record, without the config's folder
        Plugins.activate(new String[0], Map.of());
        cli(0, "train", "--resume", dir.resolve("run").toString(), "trainer.iterations=3", "-q");
        assertFalse(provenance("iter-000003").path("plugins").isEmpty());

        // the same jar changed: the resume is refused, naming both hashes
        Files.write(copy, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        String out =
                cli(2, "train", "--resume", dir.resolve("run").toString(), "trainer.iterations=4");
        assertTrue(out.contains("a resumed run needs the code it started with"), out);
    }

    @Test
    void thePluginsOptionAndItsErrors() throws IOException {
        Path config = config(dir.resolve("elsewhere"));
        cli(0, "--plugins", jar.getParent().toString(), "train", config.toString(), "-q");
        assertEquals(
                "dial-plugin",
                provenance("iter-000001").path("plugins").get(0).path("name").asText());

        String out =
                cli(2, "train", config.toString(), "--plugins", dir.resolve("nothing").toString());
        assertTrue(out.contains("is neither a folder nor a .jar file"), out);
    }

    private JsonNode provenance(String checkpoint) throws IOException {
        return new ObjectMapper()
                .readTree(
                        dir.resolve("run/checkpoints")
                                .resolve(checkpoint)
                                .resolve("manifest.json")
                                .toFile())
                .path("provenance");
    }
}
