package org.rlanything.it.anyenv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.provider.GenericStartingModels;
import org.rlanything.neural.provider.GenericWarmStart;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
import org.rlanything.testfixtures.SharedData;

/**
 * {@code train configs/pddl-neural.yaml} at small sizes: Blocksworld with the embedded neural
 * policy and judge and no model code of the pddl kind's own. The generic starting models are made
 * (at the tiny size, from the planner's demonstrations and step labels) into the folder the runs
 * name as {@code trainer.starting_models}; a run trains two iterations, and a run stopped after one
 * and resumed writes the same metrics and the same last checkpoint, byte for byte.
 */
@Timeout(300)
class PddlNeuralTrainTest {

    private static final Path CONFIG = Path.of("..", "configs", "pddl-neural.yaml");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    /** The small sizes of every run here. */
    private List<String> overrides(Path startingModels) {
        Path blocks = SharedData.require("pddl/blocks");
        return List.of(
                "trainer.seed=5",
                "trainer.evaluate_every=1",
                "trainer.checkpoint_every=1",
                "trainer.starting_models=" + startingModels,
                "environment.domain=" + blocks.resolve("domain.pddl"),
                "environment.problems=" + blocks.resolve("probBLOCKS-4-*.pddl"),
                "environment.held_out=" + blocks.resolve("probBLOCKS-5-0.pddl"),
                "environment.pool_size=4",
                "environment.max_steps=20",
                "environment.eval_rollouts=1",
                "algorithm.tasks_per_iteration=2",
                "algorithm.rollouts_per_task=3",
                "algorithm.verdicts_per_step=2",
                "algorithm.rewriter_samples=1");
    }

    /** Makes the tiny generic starting models for the environment of the runs' config. */
    private Path startingModels(List<String> log) throws IOException {
        Path folder = dir.resolve("start");
        RunConfig config =
                ConfigLoader.parse(
                        Files.readString(CONFIG, StandardCharsets.UTF_8),
                        CONFIG.toString(),
                        overrides(folder));
        RunContext context =
                new RunContext(
                        5,
                        config.algorithm(),
                        0,
                        folder,
                        config.policy(),
                        config.rewardModel(),
                        log::add,
                        new LockstepRollouts(),
                        0);
        EnvironmentParts parts =
                ProviderRegistry.get().createEnvironment(config.environment(), context);
        return GenericStartingModels.ensure(folder, GenericWarmStart.tiny(5), parts, log::add);
    }

    private void train(Path folder, Path run, int iterations, boolean resume) {
        List<String> args = new ArrayList<>(List.of("train"));
        if (resume) {
            args.addAll(List.of("--resume", run.toString()));
        } else {
            args.add(CONFIG.toString());
            args.addAll(overrides(folder));
            args.add("trainer.run_dir=" + run);
        }
        args.addAll(List.of("-q", "trainer.iterations=" + iterations));
        StringWriter out = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        args.toArray(String[]::new));
        assertEquals(0, code, out.toString());
    }

    @Test
    void trainsTwoIterationsWithGenericModelsAndResumesExactly() throws Exception {
        List<String> log = new ArrayList<>();
        Path folder = startingModels(log);
        assertTrue(
                log.stream().anyMatch(l -> l.contains("(demonstrator)")),
                "the planner demonstrates: " + log);
        Path straight = dir.resolve("straight");
        Path halves = dir.resolve("halves");
        train(folder, straight, 2, false);
        train(folder, halves, 1, false);
        train(folder, halves, 2, true);

        List<String> lines =
                Files.readAllLines(straight.resolve("metrics.jsonl"), StandardCharsets.UTF_8);
        assertEquals(3, lines.size(), "iteration 0 and 2 iterations: " + lines);
        JsonNode last = JSON.readTree(lines.get(2));
        for (String key :
                List.of(
                        "env/train_success",
                        "reward_model/balanced_process_acc",
                        "reward_model/mu",
                        "val-core/pddl/success",
                        "val-core/pddl/rm_balanced_process_acc")) {
            assertTrue(last.has(key), key + " missing from the last of " + lines);
        }
        // the loop moves: the judge writes verdicts and the policy trains on their advantages
        double samples = 0;
        for (String line : lines.subList(1, 3)) {
            JsonNode node = JSON.readTree(line);
            samples += node.path("actor/samples").asDouble();
            assertTrue(node.path("reward_model/invalid_rate").asDouble() < 1.0, log + line);
        }
        assertTrue(samples > 0, "the policy trained on no sample: " + lines);
        assertEquals(
                lines,
                Files.readAllLines(halves.resolve("metrics.jsonl"), StandardCharsets.UTF_8),
                "the resumed run's metrics");
        for (String role : List.of("policy", "reward_model")) {
            Path a = straight.resolve("checkpoints").resolve("iter-000002").resolve(role);
            Path b = halves.resolve("checkpoints").resolve("iter-000002").resolve(role);
            try (var files = Files.list(a)) {
                for (Path f : files.toList()) {
                    assertArrayEquals(
                            Files.readAllBytes(f),
                            Files.readAllBytes(b.resolve(f.getFileName())),
                            role + "/" + f.getFileName() + " differs after the resume");
                }
            }
        }
    }
}
