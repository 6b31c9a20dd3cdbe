package org.rlanything.it.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.run.plugins.Plugins;

/**
 * A new user's route, as the generated README gives it: {@code rlanything new environment NAME}
 * writes a module outside the repository; Maven builds it offline against this project's installed
 * modules (here: a private local repository holding this build's {@code rlanything-core} and {@code
 * rlanything-testkit} beside the plugins and libraries the machine's repository already has), which
 * runs the test kit's environment contract from the generated module; the jar in {@code plugins/}
 * trains with the generated config and the embedded neural policy and judge (generic starting
 * models cloned from the template's solver), and a resumed run gives the uninterrupted run's
 * metrics.
 */
class TemplateModuleBuildTest {

    @TempDir Path dir;

    @AfterEach
    void noPluginsAfterwards() {
        Plugins.activate(new String[0], Map.of());
    }

    @Test
    void theGeneratedModuleBuildsOfflineRunsTheKitAndTrainsAsAPlugin() throws Exception {
        Path module = dir.resolve("my-maze");
        cli(0, "new", "environment", "my-maze", "--dir", module.toString());
        String version = version(Files.readString(module.resolve("pom.xml")));
        Path repo = privateRepository(version);

        Process build =
                new ProcessBuilder("mvn", "-B", "-o", "-q", "package", "-Dmaven.repo.local=" + repo)
                        .directory(module.toFile())
                        .redirectErrorStream(true)
                        .start();
        String output = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(build.waitFor(300, TimeUnit.SECONDS), "the offline build took over 5 minutes");
        assertEquals(0, build.exitValue(), "mvn -o package of the generated module:\n" + output);
        String report =
                Files.readString(
                        module.resolve(
                                "target/surefire-reports/TEST-org.example.mymaze.MyMazeContractTest.xml"));
        assertTrue(report.contains("tests=\"4\""), "the kit's four contract tests ran: " + report);
        assertTrue(
                report.contains("errors=\"0\"")
                        && report.contains("skipped=\"0\"")
                        && report.contains("failures=\"0\""),
                report);
        assertTrue(report.contains("theTasksAreValidAndEveryRewriteIsVerified"), report);

        Path plugins = Files.createDirectories(module.resolve("plugins"));
        Files.copy(
                module.resolve("target/my-maze-environment-0.1.0.jar"),
                plugins.resolve("my-maze-environment-0.1.0.jar"));
        String config = module.resolve("config.yaml").toString();
        Path whole = dir.resolve("whole");
        Path resumed = dir.resolve("resumed");
        // the embedded neural policy and judge, from starting models cloned from the template's
        // solver (its provider's Demonstrator), made once into one folder that both runs share
        String start = "trainer.starting_models=" + dir.resolve("start");
        String[] neural = {"policy.kind=neural", "reward_model.kind=neural", start};
        train(config, whole, 3, neural);
        assertTrue(
                Files.isDirectory(dir.resolve("start/policy"))
                        && Files.isDirectory(dir.resolve("start/reward_model")),
                "the starting models were made into trainer.starting_models");
        train(config, resumed, 2, neural);
        cli(0, "train", "--resume", resumed.toString(), "-q", "trainer.iterations=3");
        List<String> a = Files.readAllLines(whole.resolve("metrics.jsonl"));
        List<String> b = Files.readAllLines(resumed.resolve("metrics.jsonl"));
        assertEquals(4, a.size(), "iterations 0 to 3");
        assertTrue(
                a.stream().anyMatch(line -> line.contains("\"actor/samples\"")),
                "the neural policy trained: " + a);
        // a run that stops at 2 evaluates there, the uninterrupted one does not: compare training
        assertEquals(a.subList(0, 2), b.subList(0, 2));
        assertEquals(a.get(3), b.get(b.size() - 1), "the resumed run's last iteration");
        String manifest = Files.readString(whole.resolve("checkpoints/iter-000003/manifest.json"));
        assertTrue(
                manifest.contains("my-maze-environment-0.1.0.jar"),
                "the checkpoint's provenance names the plugin jar: " + manifest);
    }

    private static String train(String config, Path run, int iterations, String... overrides) {
        List<String> args =
                new java.util.ArrayList<>(
                        List.of(
                                "train",
                                config,
                                "-q",
                                "trainer.iterations=" + iterations,
                                "trainer.run_dir=" + run));
        args.addAll(List.of(overrides));
        return cli(0, args.toArray(String[]::new));
    }

    /** The project version the generated pom builds against. */
    private static String version(String pom) {
        Matcher m =
                Pattern.compile("<rlanything.version>([^<]+)</rlanything.version>").matcher(pom);
        assertTrue(m.find(), pom);
        return m.group(1);
    }

    /**
     * A local repository of its own: every file of the machine's repository linked in (hard links,
     * or symbolic ones across file systems; small files copied, so Maven's bookkeeping never writes
     * through to the original), then this build's parent pom, core and test kit put where an
     * install would put them.
     */
    private Path privateRepository(String version) throws IOException {
        Path source =
                Path.of(
                        System.getProperty(
                                "maven.repo.local",
                                Path.of(System.getProperty("user.home"), ".m2", "repository")
                                        .toString()));
        assertTrue(Files.isDirectory(source), "no local Maven repository at " + source);
        Path repo = dir.resolve("repo");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path target = repo.resolve(source.relativize(file).toString());
                Files.createDirectories(target.getParent());
                if (Files.size(file) < 64 * 1024) {
                    Files.copy(file, target);
                } else {
                    try {
                        Files.createLink(target, file);
                    } catch (IOException | UnsupportedOperationException e) {
                        Files.createSymbolicLink(target, file);
                    }
                }
            }
        }
        Path root = Path.of("..").toAbsolutePath().normalize();
        install(repo, "rlanything-parent", version, root.resolve("pom.xml"), null);
        for (String artifact : List.of("rlanything-core", "rlanything-testkit")) {
            Path jar =
                    root.resolve(artifact)
                            .resolve("target")
                            .resolve(artifact + "-" + version + ".jar");
            assertTrue(
                    Files.isRegularFile(jar),
                    jar
                            + " is missing: this test runs after the modules are packaged (mvn verify)");
            install(repo, artifact, version, root.resolve(artifact).resolve("pom.xml"), jar);
        }
        return repo;
    }

    private static void install(Path repo, String artifact, String version, Path pom, Path jar)
            throws IOException {
        Path folder = repo.resolve("org/rlanything").resolve(artifact).resolve(version);
        Files.createDirectories(folder);
        Files.copy(
                pom,
                folder.resolve(artifact + "-" + version + ".pom"),
                StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            Files.copy(
                    jar,
                    folder.resolve(artifact + "-" + version + ".jar"),
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String cli(int expected, String... args) {
        StringWriter out = new StringWriter();
        int rc = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        assertEquals(expected, rc, out.toString());
        return out.toString();
    }
}
