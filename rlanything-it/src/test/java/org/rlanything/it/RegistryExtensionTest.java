package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;
import org.rlanything.it.kinds.CountingEngineProvider;

/**
 * A new environment kind ({@code rungs}), policy kind ({@code stepper}) and judge kind ({@code
 * echo_judge}) added through the provider registry alone (this module's {@code META-INF/services}
 * file): the unchanged command line loads them from YAML, trains, checkpoints and resumes; no file
 * under rlanything-cli names them.
 */
class RegistryExtensionTest {

    private static final List<String> NEW_KINDS = List.of("rungs", "stepper", "echo_judge");

    @TempDir Path dir;

    private int cli(StringWriter out, String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    private Path config(String environmentKind) throws IOException {
        Path file = dir.resolve("rungs.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "trainer: {seed: 7, iterations: 3, evaluate_every: 1, run_dir: "
                                + dir.resolve("run")
                                + "}",
                        "environment: {kind: "
                                + environmentKind
                                + ", pool_size: 4, max_steps: 6, max_rungs: 3}",
                        "policy: {kind: stepper, learning_rate: 2.0}",
                        "reward_model: {kind: echo_judge, noise: 0.0}",
                        "algorithm: {verdicts_per_step: 1}",
                        ""),
                StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void theRegistryListsTheNewKindsBesideTheShippedOnes() {
        ProviderRegistry registry = ProviderRegistry.get();
        assertEquals(
                List.of(
                        "alfworld",
                        "coding",
                        "coding-mini",
                        "keylock",
                        "miniwob",
                        "pddl",
                        "remote",
                        "rungs"),
                registry.kinds(Section.ENVIRONMENT));
        assertEquals(
                List.of(
                        "demonstrator",
                        "element",
                        "linear",
                        "neural",
                        "openai",
                        "random",
                        "stepper",
                        "tabular"),
                registry.kinds(Section.POLICY));
        assertEquals(
                List.of("echo_judge", "element", "label", "linear", "neural", "openai", "tabular"),
                registry.kinds(Section.REWARD_MODEL));
    }

    @Test
    void newKindsLoadFromYamlTrainAndRecordTheirSettings() throws IOException {
        StringWriter out = new StringWriter();
        assertEquals(0, cli(out, "train", config("rungs").toString(), "-q"), out.toString());
        Path run = dir.resolve("run");
        List<JsonNode> lines = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(run.resolve("metrics.jsonl"))) {
            lines.add(json.readTree(line));
        }
        assertEquals(
                4, lines.size(), "iteration 0 (the starting point) and 3 iterations: " + lines);
        for (int t = 0; t <= 3; t++) {
            assertEquals(t, lines.get(t).get("iteration").asInt());
            assertTrue(lines.get(t).has("val-core/rungs/success"), lines.get(t).toString());
        }
        // the provider's own algorithm sizes were laid under the config's keys, and its settings
        // recorded
        String recorded = Files.readString(run.resolve("config.yaml"));
        assertTrue(
                recorded.contains("kind: rungs")
                        && recorded.contains("max_rungs: 3")
                        && recorded.contains("kind: stepper")
                        && recorded.contains("kind: echo_judge")
                        && recorded.contains("tasks_per_iteration: 3"),
                recorded);
        // the judge is exact (noise 0): every step's verdict is its label, so process accuracy is 1
        assertEquals(
                1.0,
                lines.get(1).get("reward_model/process_acc").asDouble(),
                lines.get(1).toString());
        assertTrue(
                Files.isDirectory(
                        run.resolve("checkpoints").resolve("iter-000003").resolve("policy")));

        StringWriter more = new StringWriter();
        assertEquals(
                0,
                cli(more, "train", "--resume", run.toString(), "-q", "trainer.iterations=4"),
                more.toString());
        assertEquals(5, Files.readAllLines(run.resolve("metrics.jsonl")).size());
    }

    @Test
    void theRolloutEngineComesFromTheConfigAndCarriesRolloutsJudgingAndRewrites()
            throws IOException {
        int rollouts = CountingEngineProvider.ROLLOUTS.get();
        int judged = CountingEngineProvider.JUDGE_CALLS.get();
        int rewrites = CountingEngineProvider.REWRITES.get();
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                cli(
                        out,
                        "train",
                        config("rungs").toString(),
                        "-q",
                        "trainer.rollout_engine=counting"),
                out.toString());
        // 3 iterations' rollouts and 4 evaluations (the starting point and every iteration's) at
        // least
        assertTrue(
                CountingEngineProvider.ROLLOUTS.get() - rollouts >= 7,
                "rollouts and evaluations go through it");
        assertTrue(
                CountingEngineProvider.JUDGE_CALLS.get() - judged >= 3,
                "one judge batch per iteration at least");
        assertTrue(
                CountingEngineProvider.REWRITES.get() > rewrites,
                "rewrite attempts go through the engine");
        assertTrue(
                Files.readString(dir.resolve("run").resolve("config.yaml"))
                        .contains("rollout_engine: counting"));

        StringWriter unknown = new StringWriter();
        assertEquals(
                2,
                cli(
                        unknown,
                        "train",
                        config("rungs").toString(),
                        "-q",
                        "trainer.rollout_engine=ray",
                        "trainer.run_dir=" + dir.resolve("other")),
                unknown.toString());
        assertTrue(
                unknown.toString()
                        .contains(
                                "Command-line override 'trainer.rollout_engine=ray':"
                                        + " trainer.rollout_engine: unknown engine 'ray'; expected one of counting, hazelcast, local."),
                unknown.toString());
    }

    @Test
    void aMisspelledNewKindIsReportedWithTheNearestNameAndTheKindsThatExist() throws IOException {
        StringWriter out = new StringWriter();
        assertEquals(2, cli(out, "train", config("rugns").toString(), "-q"), out.toString());
        String message = out.toString();
        assertTrue(
                message.contains(
                        "rungs.yaml, line 2: environment.kind: unknown kind 'rugns' (did you mean"
                                + " 'rungs'?); expected one of alfworld, coding, coding-mini, keylock, miniwob, pddl, remote, rungs."),
                message);
    }

    @Test
    void noFileUnderTheCliNamesTheNewKinds() throws IOException {
        Path cli = Path.of("..", "rlanything-cli").toAbsolutePath().normalize();
        assertTrue(Files.isDirectory(cli.resolve("src")), cli.toString());
        List<String> naming = new ArrayList<>();
        try (Stream<Path> files = Files.walk(cli.resolve("src"))) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                String text = Files.readString(file, StandardCharsets.ISO_8859_1);
                for (String kind : NEW_KINDS) {
                    String capitalised = Character.toUpperCase(kind.charAt(0)) + kind.substring(1);
                    if (text.contains(kind) || text.contains(capitalised)) {
                        naming.add(cli.relativize(file) + " names " + kind);
                    }
                }
            }
        }
        assertEquals(List.of(), naming);
    }
}
