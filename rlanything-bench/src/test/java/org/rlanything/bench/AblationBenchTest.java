package org.rlanything.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AblationBenchTest {

    @TempDir Path dir;

    @Test
    void queuesTheFullMethodWithOutcomeOnlyOverEverySeedFirst() {
        AblationBench bench =
                new AblationBench(
                        Path.of("..", "configs", "demo.yaml"),
                        List.of(),
                        List.of(1L, 2L),
                        dir,
                        new PrintWriter(new StringWriter()));
        assertEquals(
                List.of(
                        List.of("POLICY_REWARD_ENV", "OUTCOME_ONLY"),
                        List.of("POLICY_REWARD", "POLICY"),
                        List.of("GRPO", "STEP_ONLY")),
                bench.queuePairs());
    }

    @Test
    void runsEveryArmFromTheSameStartAndTabulatesMeanAndSpread() throws Exception {
        StringWriter log = new StringWriter();
        List<AblationBench.ArmResult> results =
                new AblationBench(
                                Path.of("..", "configs", "demo.yaml"),
                                List.of("trainer.iterations=6"),
                                List.of(1L, 2L),
                                dir,
                                new PrintWriter(log))
                        .run();
        assertEquals(14, results.size(), "seven arms, two seeds");
        for (String arm : AblationBench.ARMS) {
            assertEquals(2, results.stream().filter(r -> r.arm().equals(arm)).count(), arm);
        }
        // "before" is the same for every arm of a seed: it is the untrained start
        for (AblationBench.ArmResult result : results) {
            assertTrue(result.finals().containsKey("val-core/keylock/success"), result.toString());
        }
        // the step-only arm starts from the reward model the full run of the same seed trained
        String stepOnly = Files.readString(dir.resolve("runs/step_only-seed1/config.yaml"));
        assertTrue(
                stepOnly.contains(
                        "reward_model_init: "
                                + dir.resolve("runs/policy_reward_env-seed1/checkpoints")
                                        .resolve("iter-000006")
                                        .resolve("reward_model")),
                stepOnly);
        assertTrue(stepOnly.contains("arm: STEP_ONLY"), stepOnly);
        String md = Files.readString(dir.resolve("ablation.md"));
        for (String arm : AblationBench.ARMS) {
            assertTrue(md.contains("| " + arm + " |"), md);
        }
        assertTrue(md.contains(" ± "), md);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("ablation.json").toFile());
        assertEquals(14, json.size());
        JsonNode bySeed = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertEquals(
                results.stream()
                        .filter(r -> r.arm().equals("GRPO") && r.seed() == 2)
                        .findFirst()
                        .orElseThrow()
                        .finals()
                        .get("val-core/keylock/success"),
                bySeed.at("/arms/GRPO/2/keylock").asDouble());
        assertTrue(
                md.contains("## Paired differences to outcome only") && md.contains("(n=2)"), md);
        assertTrue(Files.readString(dir.resolve("ablation.html")).contains("id=\"report-data\""));
        assertTrue(
                md.contains("## Results")
                        && md.contains("## Diagnostics")
                        && md.contains("training success"),
                md);
        // the tables can be rewritten from ablation.json and the run folders alone, to the same
        // bytes
        Files.delete(dir.resolve("ablation.md"));
        new AblationBench(
                        Path.of("..", "configs", "demo.yaml"),
                        List.of("trainer.iterations=6"),
                        List.of(1L, 2L),
                        dir,
                        new PrintWriter(log))
                .tabulate();
        assertEquals(md, Files.readString(dir.resolve("ablation.md")));
    }

    @Test
    void theJudgeSweepRunsOutcomeOnlyAndThePolicyArmWithLabelJudgesAndResumes() throws Exception {
        StringWriter log = new StringWriter();
        Path demo = Path.of("..", "configs", "demo.yaml");
        List<AblationBench.ArmResult> first =
                new AblationBench(
                                demo,
                                List.of("trainer.iterations=5"),
                                List.of(1L, 2L),
                                dir,
                                new PrintWriter(log),
                                2,
                                List.of(0.5, 0.0),
                                List.of(),
                                List.of())
                        .run();
        assertEquals(
                List.of("before", "OUTCOME_ONLY", "LABEL_Q0.50", "LABEL_Q0.00"),
                first.stream()
                        .filter(r -> r.seed() == 1)
                        .map(AblationBench.ArmResult::arm)
                        .toList());
        String config = Files.readString(dir.resolve("runs/label_q0.00-seed1/config.yaml"));
        assertTrue(
                config.contains("flip_probability: 0.0") && config.contains("arm: POLICY"), config);
        // the oracle judge (q = 0) is right on every labelled step
        assertEquals(
                1.0,
                first.stream()
                        .filter(r -> r.arm().equals("LABEL_Q0.00"))
                        .findFirst()
                        .orElseThrow()
                        .finals()
                        .get("val-core/keylock/rm_balanced_process_acc"),
                1e-12);
        // a run cut back to its iteration 3 (as after a kill) is resumed; finished runs are read
        // back
        Path cut = dir.resolve("runs/label_q0.50-seed2");
        List<String> lines = Files.readAllLines(cut.resolve("metrics.jsonl"));
        Files.write(cut.resolve("metrics.jsonl"), lines.subList(0, 4));
        try (var checkpoints = Files.list(cut.resolve("checkpoints"))) {
            for (Path c :
                    checkpoints
                            .filter(c -> c.getFileName().toString().compareTo("iter-000003") > 0)
                            .toList()) {
                org.rlanything.core.io.AtomicFiles.deleteTree(c);
            }
        }
        // a kill after iteration 3's checkpoint leaves run.json naming it as the newest
        new org.rlanything.run.RunFolder(cut).record().write(3);
        StringWriter again = new StringWriter();
        List<AblationBench.ArmResult> second =
                new AblationBench(
                                demo,
                                List.of("trainer.iterations=5"),
                                List.of(1L, 2L),
                                dir,
                                new PrintWriter(again),
                                2,
                                List.of(0.5, 0.0),
                                List.of(),
                                List.of())
                        .run();
        assertTrue(again.toString().contains("seed 2 LABEL_Q0.50: resuming"), again.toString());
        assertEquals(1, again.toString().split("resuming", -1).length - 1, again.toString());
        assertEquals(lines, Files.readAllLines(cut.resolve("metrics.jsonl")));
        for (int i = 0; i < first.size(); i++) {
            assertEquals(first.get(i).finals(), second.get(i).finals(), first.get(i).arm());
        }
        // another config in the same folder is refused rather than mixed in
        String refused =
                org.junit.jupiter.api.Assertions.assertThrows(
                                java.io.IOException.class,
                                () ->
                                        new AblationBench(
                                                        demo,
                                                        List.of(
                                                                "trainer.iterations=5",
                                                                "algorithm.lambda=0.5"),
                                                        List.of(1L),
                                                        dir,
                                                        new PrintWriter(new StringWriter()),
                                                        1,
                                                        List.of(0.5),
                                                        List.of(),
                                                        List.of())
                                                .run())
                        .getMessage();
        assertTrue(refused.contains("another config"), refused);
    }

    @Test
    void parallelWorkersGiveTheSameFiguresAsOne() throws Exception {
        List<AblationBench.ArmResult> one =
                new AblationBench(
                                Path.of("..", "configs", "demo.yaml"),
                                List.of("trainer.iterations=4"),
                                List.of(3L, 4L),
                                dir.resolve("one"),
                                new PrintWriter(new StringWriter()),
                                1,
                                List.of(),
                                List.of(),
                                List.of())
                        .run();
        List<AblationBench.ArmResult> two =
                new AblationBench(
                                Path.of("..", "configs", "demo.yaml"),
                                List.of("trainer.iterations=4"),
                                List.of(3L, 4L),
                                dir.resolve("two"),
                                new PrintWriter(new StringWriter()),
                                3,
                                List.of(),
                                List.of(),
                                List.of())
                        .run();
        assertEquals(one.size(), two.size());
        for (int i = 0; i < one.size(); i++) {
            assertEquals(one.get(i).arm(), two.get(i).arm());
            assertEquals(one.get(i).seed(), two.get(i).seed());
            assertEquals(
                    one.get(i).finals(),
                    two.get(i).finals(),
                    one.get(i).arm() + " seed " + one.get(i).seed());
        }
        // each arm's metrics.jsonl is the same line for line, whatever ran beside it
        for (String run :
                List.of("policy_reward_env-seed3", "step_only-seed4", "outcome_only-seed3")) {
            assertEquals(
                    Files.readAllLines(
                            dir.resolve("one/runs").resolve(run).resolve("metrics.jsonl")),
                    Files.readAllLines(
                            dir.resolve("two/runs").resolve(run).resolve("metrics.jsonl")),
                    run);
        }
    }

    @Test
    void aCellIsMeanAndPopulationStdOverSeeds() {
        List<AblationBench.ArmResult> results =
                List.of(
                        new AblationBench.ArmResult(
                                "POLICY", 1, java.util.Map.of("m", 0.5), java.util.Map.of(), 1),
                        new AblationBench.ArmResult(
                                "POLICY", 2, java.util.Map.of("m", 0.7), java.util.Map.of(), 1));
        assertEquals("0.600 ± 0.100", AblationBench.cell(results, "POLICY", "m"));
        assertEquals("-", AblationBench.cell(results, "before", "m"));
    }

    @Test
    void everyArmStartsFromTheConfigAsItWasWhenTheBenchWasMade() throws Exception {
        Path config = Files.copy(Path.of("..", "configs", "demo.yaml"), dir.resolve("demo.yaml"));
        AblationBench bench =
                new AblationBench(
                        config,
                        List.of("trainer.iterations=2"),
                        List.of(1L),
                        dir.resolve("out"),
                        new PrintWriter(new StringWriter()),
                        1,
                        List.of(),
                        List.of("OUTCOME_ONLY"),
                        List.of());
        // an edit while the bench runs (here: before its first arm) reaches no arm
        Files.writeString(config, "policy: {learning_rate: 0.123}\n");
        bench.run();
        String recorded = Files.readString(dir.resolve("out/runs/outcome_only-seed1/config.yaml"));
        assertTrue(recorded.contains("iterations: 2"), recorded);
        assertTrue(!recorded.contains("0.123"), recorded);
    }

    @Test
    void aVariantIsAnArmWithItsOwnOverridesPairedAgainstOutcomeOnly() throws Exception {
        Path demo = Path.of("..", "configs", "demo.yaml");
        List<AblationBench.ArmResult> results =
                new AblationBench(
                                demo,
                                List.of("trainer.iterations=4"),
                                List.of(1L),
                                dir,
                                new PrintWriter(new StringWriter()),
                                1,
                                List.of(),
                                List.of("POLICY_REWARD_ENV"),
                                List.of(
                                        "separate POLICY_REWARD_ENV algorithm.integration=SEPARATE"
                                                + " algorithm.verdict_scale=0.25"))
                        .run();
        assertEquals(
                List.of("before", "OUTCOME_ONLY", "POLICY_REWARD_ENV", "separate"),
                results.stream().map(AblationBench.ArmResult::arm).toList());
        String config =
                Files.readString(
                        dir.resolve("runs").resolve("separate-seed1").resolve("config.yaml"));
        assertTrue(
                config.contains("integration: \"SEPARATE\"")
                        || config.contains("integration: SEPARATE"),
                config);
        assertTrue(config.contains("verdict_scale: 0.25"), config);
        String md = Files.readString(dir.resolve("ablation.md"));
        assertTrue(md.contains("| separate |"), md);
        // the starting judge graded every arm's final rollouts: the trained-judge arms afresh
        for (AblationBench.ArmResult r : results.subList(1, results.size())) {
            assertTrue(
                    r.finals().keySet().stream()
                            .anyMatch(
                                    k ->
                                            k.startsWith(AblationBench.START_JUDGE)
                                                    && k.endsWith("/rm_mu")),
                    r.arm() + ": " + r.finals().keySet());
        }
        assertTrue(
                Files.isRegularFile(
                        dir.resolve("runs").resolve("separate-seed1-start-judge.json")));
        assertTrue(md.contains("## Exploitation gap"), md);
        // the paper's rule lets the verdicts alone decide some samples; the separate rule none
        double paper = results.get(2).finals().get("run/verdict_only_share_mean");
        double separate = results.get(3).finals().get("run/verdict_only_share_mean");
        assertTrue(paper > 0, "step-index verdict-only share " + paper);
        assertEquals(0.0, separate, 0.0);
    }

    @Test
    void aBadVariantIsRefusedWithItsSpec() {
        Path demo = Path.of("..", "configs", "demo.yaml");
        for (String spec : List.of("x", "a/b POLICY", "x NOT_AN_ARM", "OUTCOME_ONLY POLICY")) {
            IllegalArgumentException e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () ->
                                    new AblationBench(
                                            demo,
                                            List.of(),
                                            List.of(1L),
                                            dir,
                                            new PrintWriter(new StringWriter()),
                                            1,
                                            List.of(),
                                            List.of(),
                                            List.of(spec)));
            assertTrue(e.getMessage().startsWith("--variant"), e.getMessage());
        }
    }
}
