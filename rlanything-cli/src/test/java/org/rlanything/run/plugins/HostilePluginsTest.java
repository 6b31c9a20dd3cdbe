package org.rlanything.run.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Probe;

/**
 * Issue 44, cases 5, 6, 13 and 16 (plugins): a plugin whose providers cannot be loaded made every
 * command, {@code --help} included, print a stack trace with exit 1; now each is one line naming
 * the jar and the class or kind, exit 2. A plugin that throws while a run trains names its jar
 * (exit 1, not an internal error). {@code new environment} refuses names that cannot become a
 * plugin; an empty {@code --plugins=} is refused; {@code report} reads a run whose plugin moved.
 */
@Timeout(300)
class HostilePluginsTest {

    @TempDir static Path built;
    @TempDir Path dir;

    private static Path classes;

    @BeforeAll
    static void compileThePlugins() throws IOException {
        classes = TestPlugins.compile(built, "dial/DialPlugin.java", "broken/BrokenPlugins.java");
    }

    @AfterEach
    void noPluginsAfterwards() {
        Plugins.activate(new String[0], Map.of());
    }

    /** A jar of every compiled class, listing {@code providers} as its providers. */
    private Path jar(String name, String... providers) throws IOException {
        Map<String, byte[]> entries = TestPlugins.entries(classes);
        entries.put(
                "META-INF/services/org.rlanything.core.spi.Provider",
                (String.join("\n", providers) + "\n").getBytes(StandardCharsets.UTF_8));
        entries.put("name.txt", name.getBytes(StandardCharsets.UTF_8)); // each jar its own bytes
        return TestPlugins.jar(dir.resolve(name), entries);
    }

    private Path config(String kind) throws IOException {
        return Files.writeString(
                dir.resolve(kind + ".yaml"),
                "trainer: {seed: 5, iterations: 1, evaluate_every: 0, run_dir: \""
                        + dir.resolve("run-" + kind)
                        + "\"}\n"
                        + "environment: {kind: "
                        + kind
                        + ", pool_size: 3, max_steps: 5}\n"
                        + "policy: {kind: dial_random}\n"
                        + "reward_model: {kind: label}\n"
                        + "algorithm: {tasks_per_iteration: 2, rollouts_per_task: 2,"
                        + " verdicts_per_step: 1}\n");
    }

    /** {@code --help} and a train run with the jars both refused in one line; returns it. */
    private String refusedEverywhere(String... jars) throws IOException {
        String plugins = String.join(java.io.File.pathSeparator, jars);
        String help = Probe.refused(30, "--plugins", plugins, "--help");
        String train =
                Probe.refused(30, "--plugins", plugins, "train", config("dial").toString(), "-q");
        assertEquals(help, train);
        return help;
    }

    @Test
    void aProviderThatCannotBeMadeIsNamedWithItsJarForEveryCommand() throws IOException {
        Map<String, String> broken =
                Map.of(
                        "broken.BrokenPlugins$ConstructorThrows",
                        "constructor threw IllegalStateException: no licence on this machine",
                        "broken.BrokenPlugins$KindThrows",
                        ".kind() threw UnsupportedOperationException: kind() is not ready",
                        "broken.BrokenPlugins$StaticThrows",
                        "static initialiser threw IllegalStateException: static set-up failed",
                        "broken.Missing",
                        "is not in the jar nor in the tool",
                        "broken.BrokenPlugins",
                        "does not implement Provider");
        for (var e : broken.entrySet()) {
            Path jar = jar(e.getKey().replace('$', '-') + ".jar", e.getKey());
            String message = refusedEverywhere(jar.toString());
            assertTrue(
                    message.startsWith("rlanything: Plugin " + jar + ": " + e.getKey())
                            && message.contains(e.getValue()),
                    message);
        }
    }

    @Test
    void aClassForANewerJavaIsNamed() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        byte[] twin = Files.readAllBytes(classes.resolve("broken/BrokenPlugins$Twin.class"));
        twin[6] = 0;
        twin[7] = 99; // class file version 99
        entries.put("broken/BrokenPlugins$Twin.class", twin);
        entries.put(
                "META-INF/services/org.rlanything.core.spi.Provider",
                "broken.BrokenPlugins$Twin\n".getBytes(StandardCharsets.UTF_8));
        Path jar = TestPlugins.jar(dir.resolve("future.jar"), entries);
        String message = refusedEverywhere(jar.toString());
        assertTrue(
                message.contains("was compiled for a newer Java")
                        && message.contains(jar.toString()),
                message);
    }

    @Test
    void aKindClaimedTwiceOrClaimedFromTheToolIsNamed() throws IOException {
        Path a = jar("twin-a.jar", "broken.BrokenPlugins$Twin");
        Path b = jar("twin-b.jar", "broken.BrokenPlugins$Twin");
        String twice = refusedEverywhere(a.toString(), b.toString());
        assertTrue(
                twice.contains(b.toString())
                        && twice.contains(
                                "claims environment.kind twin, which the plugin twin-a.jar"
                                        + " claims too"),
                twice);
        Path shared = jar("shared.jar", "broken.BrokenPlugins$StepThrows", "dial.DialPlugin$Env");
        String record = refusedEverywhere(shared.toString());
        assertTrue(
                record.contains(
                        "dial.DialPlugin$Env claims the settings record dial.DialPlugin$Settings of"
                                + " environment, which the plugin shared.jar claims too"),
                record);
        Path keylock = jar("keylock.jar", "broken.BrokenPlugins$Keylock");
        String builtIn = refusedEverywhere(keylock.toString());
        assertTrue(
                builtIn.contains("claims environment.kind keylock, which is built into the tool"),
                builtIn);
    }

    @Test
    void aPluginThatThrowsWhileARunTrainsIsNamed() throws IOException {
        Path jar =
                jar(
                        "runs.jar",
                        "broken.BrokenPlugins$CreateThrows",
                        "broken.BrokenPlugins$StepThrows",
                        "dial.DialPlugin$RandomPolicy");
        for (String kind : List.of("create-throws", "step-throws")) {
            String message =
                    Probe.run(
                                    60,
                                    "--plugins",
                                    jar.toString(),
                                    "train",
                                    config(kind).toString(),
                                    "-q")
                            .failed();
            String what = kind.startsWith("create") ? "create" : "step";
            assertTrue(
                    message.startsWith("rlanything: the plugin " + jar)
                            && message.contains(
                                    "failed: IllegalStateException: "
                                            + what
                                            + " failed on purpose"),
                    kind + ": " + message);
        }
    }

    @Test
    void anEmptyPluginsOptionIsRefused() throws IOException {
        assertTrue(Probe.refused(10, "--plugins=", "--help").contains("--plugins is empty"));
        assertTrue(Probe.refused(10, "--plugins", "", "--help").contains("--plugins is empty"));
    }

    @Test
    void reportReadsARunWhosePluginMovedAndEvalStillNeedsIt() throws IOException {
        Path jar = jar("dial.jar", "dial.DialPlugin$Env", "dial.DialPlugin$RandomPolicy");
        Path run = dir.resolve("run-dial");
        Probe.Result trained =
                Probe.run(
                        60, "--plugins", jar.toString(), "train", config("dial").toString(), "-q");
        assertEquals(0, trained.code(), trained.text());
        Plugins.activate(new String[0], Map.of());
        Files.move(jar, dir.resolve("moved.jar"));
        Probe.Result report = Probe.run(60, "report", run.toString());
        assertEquals(0, report.code(), report.text());
        // review starts a server: its plugins are activated the same way, without the jar
        Plugins.activate(new String[] {"review", run.toString()}, Map.of());
        assertTrue(Plugins.active().jars().isEmpty());
        String eval = Probe.refused(60, "eval", run.toString());
        assertTrue(eval.contains("records the plugin " + jar + ", which is gone"), eval);
    }

    @Test
    void newEnvironmentRefusesANameThatCannotBecomeAPlugin() {
        for (String name : List.of("class", "int", "true", "keylock")) {
            String message =
                    Probe.refused(
                            30,
                            "new",
                            "environment",
                            name,
                            "--dir",
                            dir.resolve("new-" + name).toString());
            assertTrue(message.contains("NAME '" + name + "'"), message);
            assertFalse(Files.exists(dir.resolve("new-" + name)), "nothing written");
        }
    }
}
