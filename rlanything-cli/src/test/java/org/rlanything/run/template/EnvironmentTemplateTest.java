package org.rlanything.run.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.run.plugins.Plugins;

/**
 * {@code rlanything new environment NAME [--python]}: the Python module's contract test passes and
 * its config trains (the server started by the run); the Java module's sources compile, and its
 * jar, loaded as a plugin, trains with its config and resumes.
 */
class EnvironmentTemplateTest {

    @TempDir Path dir;

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

    @Test
    void thePythonModulePassesItsContractAndTrains() throws Exception {
        // "episode" would be the class Episode, the template's state class, without the suffix
        Path module = dir.resolve("episode");
        cli(0, "new", "environment", "episode", "--python", "--dir", module.toString());
        Process test =
                new ProcessBuilder("python3", "-m", "unittest", "-q", "test_env.py")
                        .directory(module.toFile())
                        .redirectErrorStream(true)
                        .start();
        String output = new String(test.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(test.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, test.exitValue(), output);
        String out =
                cli(
                        0,
                        "train",
                        module.resolve("config.yaml").toString(),
                        "-q",
                        "environment.command=python3 " + module.resolve("env.py"),
                        "trainer.iterations=2",
                        "trainer.run_dir=" + dir.resolve("run"));
        assertTrue(out.contains("2 iterations done"), out);
        assertTrue(
                Files.readString(dir.resolve("run/metrics.jsonl"))
                        .contains("val-core/episode/success"));
        // the config as generated learns the game: its linear policy (a clone of the template's
        // solver over the template's features) wins the held-out games a uniform random policy
        // wins about half of (measured 2026-12-06: 1.00 against 0.53 over the 10 iterations)
        double learnt = heldOut(dir.resolve("run"));
        cli(
                0,
                "train",
                module.resolve("config.yaml").toString(),
                "-q",
                "environment.command=python3 " + module.resolve("env.py"),
                "trainer.iterations=1",
                "policy.kind=random",
                "trainer.run_dir=" + dir.resolve("random"));
        double random = heldOut(dir.resolve("random"));
        assertTrue(learnt >= random + 0.3, "held out: linear " + learnt + ", random " + random);
        // the embedded neural policy and judge through the remote kind, from generic starting
        // models made at small sizes (policy.warm_start) from the server's solver (/demonstrate)
        // and step labels, and an exact resume
        List<String> neural =
                List.of(
                        "environment.command=python3 " + module.resolve("env.py"),
                        "policy.kind=neural",
                        "reward_model.kind=neural",
                        "trainer.starting_models=" + dir.resolve("start"),
                        "policy.warm_start.tasks=4",
                        "policy.warm_start.episodes=1",
                        "policy.warm_start.vocab_size=300",
                        "policy.warm_start.width=32",
                        "policy.warm_start.layers=1",
                        "policy.warm_start.heads=2",
                        "policy.warm_start.policy_steps=40",
                        "policy.warm_start.judge_steps=40",
                        "policy.warm_start.batch=8",
                        "policy.warm_start.dagger_rounds=1",
                        "policy.warm_start.validation_tasks=4");
        List<String> whole =
                new ArrayList<>(
                        List.of(
                                "train",
                                module.resolve("config.yaml").toString(),
                                "-q",
                                "trainer.iterations=3",
                                "trainer.run_dir=" + dir.resolve("whole")));
        whole.addAll(neural);
        cli(0, whole.toArray(String[]::new));
        List<String> part =
                new ArrayList<>(
                        List.of(
                                "train",
                                module.resolve("config.yaml").toString(),
                                "-q",
                                "trainer.iterations=2",
                                "trainer.run_dir=" + dir.resolve("part")));
        part.addAll(neural);
        cli(0, part.toArray(String[]::new));
        cli(0, "train", "--resume", dir.resolve("part").toString(), "-q", "trainer.iterations=3");
        List<String> a = Files.readAllLines(dir.resolve("whole/metrics.jsonl"));
        List<String> b = Files.readAllLines(dir.resolve("part/metrics.jsonl"));
        assertTrue(a.stream().anyMatch(line -> line.contains("\"actor/samples\"")), a.toString());
        assertEquals(a.subList(0, 2), b.subList(0, 2));
        assertEquals(
                withoutLatency(a.get(3)), withoutLatency(b.get(b.size() - 1)), "resumed exactly");
        // the starting policy was cloned from the server's solver: on fresh episodes it picks the
        // solver's command more often than a uniform draw among the listed commands would
        JsonNode pretrain =
                JsonMapper.builder()
                        .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                        .build()
                        .readTree(dir.resolve("start/policy/trainer_state.json").toFile())
                        .path("extras")
                        .path("pretrain_metrics");
        assertTrue(pretrain.path("pretrain/demonstrations").asDouble() > 0, pretrain.toString());
        assertTrue(
                pretrain.path("pretrain/check_policy_agreement").asDouble()
                        > pretrain.path("pretrain/check_chance_agreement").asDouble(),
                pretrain.toString());
        // a folder in use is refused
        String refused =
                cli(2, "new", "environment", "episode", "--python", "--dir", module.toString());
        assertTrue(refused.contains("already exists and is not empty"), refused);
        assertTrue(cli(2, "new", "environment", "Bad_Name").contains("lower-case letters"));
    }

    /** A metrics line less the remote environment's latencies (wall-clock figures). */
    private static String withoutLatency(String line) {
        return line.replaceAll("\"[^\"]*(latency|_ms|seconds)[^\"]*\":[^,}]*,?", "");
    }

    @Test
    void theJavaModuleCompilesAndItsJarTrainsAsAPlugin() throws Exception {
        Path module = dir.resolve("my-maze");
        cli(0, "new", "environment", "my-maze", "--dir", module.toString());
        String pom = Files.readString(module.resolve("pom.xml"));
        assertTrue(
                pom.contains("<rlanything.version>" + EnvironmentTemplate.projectVersion()), pom);
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(module.resolve("src"))) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .forEach(f -> sources.add(f.toString()));
        }
        assertEquals(3, sources.size(), sources.toString());
        Path classes = dir.resolve("classes");
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "-d",
                                classes.toString(),
                                "-cp",
                                System.getProperty("java.class.path")));
        args.addAll(sources);
        assertEquals(
                0,
                ToolProvider.getSystemJavaCompiler()
                        .run(null, null, null, args.toArray(String[]::new)));

        Path plugins = module.resolve("plugins");
        Files.createDirectories(plugins);
        try (JarOutputStream jar =
                        new JarOutputStream(Files.newOutputStream(plugins.resolve("my-maze.jar")));
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (file.toString().contains("ContractTest")) {
                    continue;
                }
                jar.putNextEntry(new JarEntry(classes.relativize(file).toString()));
                jar.write(Files.readAllBytes(file));
                jar.closeEntry();
            }
            jar.putNextEntry(new JarEntry("META-INF/services/org.rlanything.core.spi.Provider"));
            jar.write(
                    Files.readAllBytes(
                            module.resolve(
                                    "src/main/resources/META-INF/services/org.rlanything.core.spi.Provider")));
            jar.closeEntry();
        }
        Path run = dir.resolve("java-run");
        String out =
                cli(
                        0,
                        "train",
                        module.resolve("config.yaml").toString(),
                        "-q",
                        "trainer.iterations=2",
                        "trainer.run_dir=" + run);
        assertTrue(out.contains("2 iterations done"), out);
        Plugins.activate(new String[0], Map.of());
        cli(0, "train", "--resume", run.toString(), "trainer.iterations=3", "-q");
        assertTrue(Files.isDirectory(run.resolve("checkpoints/iter-000003")));
    }

    /** The held-out success of a run's last evaluation. */
    private static double heldOut(Path run) throws IOException {
        List<String> lines = Files.readAllLines(run.resolve("metrics.jsonl"));
        JsonNode last = null;
        for (String line : lines) {
            JsonNode node = JsonMapper.builder().build().readTree(line);
            if (node.has("val-core/episode/success")) {
                last = node;
            }
        }
        return last.path("val-core/episode/success").asDouble();
    }
}
