package org.rlanything.coding.neural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.coding.embedded.MiniEvaluation;
import org.rlanything.coding.embedded.MiniRewriter;
import org.rlanything.coding.loop.MiniEnvironment;
import org.rlanything.coding.loop.MiniFeedback;
import org.rlanything.coding.loop.MiniTask;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * The embedded models at a tiny size: the starting models are made once into a folder and reused
 * (the second call makes nothing), and two iterations of the full loop with the neural policy and
 * test writer, the rule-based rewriter and the held-out evaluation write the training and
 * evaluation figures.
 */
class MiniNeuralRunTest {

    @Test
    void startingModelsAreMadeOnceAndReused(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("start");
        List<String> log = new ArrayList<>();
        MiniStartingModels.ensure(folder, MiniLessons.tiny(4), log::add);
        assertTrue(Files.isDirectory(folder.resolve("policy")));
        assertTrue(Files.isDirectory(folder.resolve("reward_model")));
        byte[] weights = Files.readAllBytes(folder.resolve("policy").resolve("model.safetensors"));
        int lines = log.size();
        MiniStartingModels.ensure(folder, MiniLessons.tiny(4), log::add);
        assertEquals(lines, log.size());
        assertArrayEquals(
                weights, Files.readAllBytes(folder.resolve("policy").resolve("model.safetensors")));
        // the same seed makes the same models
        Path again = dir.resolve("again");
        MiniStartingModels.ensure(again, MiniLessons.tiny(4), line -> {});
        assertArrayEquals(
                weights, Files.readAllBytes(again.resolve("policy").resolve("model.safetensors")));
    }

    @Test
    void twoNeuralIterationsWriteTheFigures(@TempDir Path dir) throws Exception {
        Path folder = MiniStartingModels.ensure(dir.resolve("start"), MiniLessons.tiny(5), l -> {});
        MiniNeuralModels models = new MiniNeuralModels(folder, MiniLessons.tiny(5), l -> {});
        CheckpointedPolicy policy = (CheckpointedPolicy) models.policy(NeuralPolicyConfig.DEFAULTS);
        CheckpointedRewardModel writer =
                (CheckpointedRewardModel) models.rewardModel(NeuralRewardModelConfig.DEFAULTS);
        try (policy;
                writer) {
            MiniEnvironment environment = new MiniEnvironment();
            List<MiniTask> tasks =
                    new MiniProblemGenerator(6)
                            .generate(true, 4, 11).stream().map(MiniTask::new).toList();
            RLAnythingLoop loop =
                    RLAnythingLoop.builder()
                            .config(
                                    new LoopConfig(
                                            5,
                                            AlgorithmConfig.builder()
                                                    .arm(Ablation.POLICY_REWARD_ENV)
                                                    .tasksPerIteration(2)
                                                    .rolloutsPerTask(4)
                                                    .verdictsPerStep(3)
                                                    .rewriterSamples(2)
                                                    .build(),
                                            1,
                                            2))
                            .environment(environment)
                            .policy(policy)
                            .rewardModel(writer)
                            .rewriter(new MiniRewriter())
                            .evaluator(new MiniEvaluation("coding-mini", 3, 2, 2))
                            .taskFeedback(new MiniFeedback(environment.tester()))
                            .tasks(tasks)
                            .build();
            loop.runIteration();
            IterationRecord second = loop.runIteration();
            Map<String, Double> m = second.metrics();
            assertTrue(m.containsKey("env/gt_pass_ratio/mean"), m.keySet().toString());
            assertTrue(m.containsKey("reward_model/test_parse_rate"), m.keySet().toString());
            for (String set : List.of("in_domain", "new_statements", "out_of_domain")) {
                for (String figure :
                        List.of(
                                "success",
                                "ut_accuracy",
                                "test_parse_rate",
                                "trivial_zero_ut_accuracy",
                                "trivial_echo_ut_accuracy")) {
                    String key = "val-core/coding-mini/" + set + "/" + figure;
                    assertTrue(m.containsKey(key), key + " missing from " + m.keySet());
                    assertTrue(m.get(key) >= 0 && m.get(key) <= 1, key);
                }
            }
        }
    }
}
