package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Slot;
import org.rlanything.core.TaskCodec;
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
 * A tiny full run: starting models from a seed, each role's model made from its own section, two
 * iterations of the full method, evaluation, resume.
 */
class EndToEndLoopTest {

    @Test
    void theFullLoopRunsOnGeneratedGamesWithNeuralModels(@TempDir Path dir) throws Exception {
        AlfworldGames games = AgentFixtures.games();
        PretrainSettings pretrain = AgentFixtures.tinyPretrain(5);
        try (Pretrainer.StartingModels start = Pretrainer.run(pretrain, games, line -> {})) {
            start.save(dir.resolve("start"), Map.of("seed", 5));
        }
        assertTrue(Files.isRegularFile(dir.resolve("start/policy/model.safetensors")));
        assertTrue(Files.isRegularFile(dir.resolve("start/reward_model/model.safetensors")));
        AlfworldEnvironmentConfig env =
                new AlfworldEnvironmentConfig(3, 100, 10, 2, false, null, 4, null, null, null);
        AlgorithmConfig algorithm =
                AlgorithmConfig.builder()
                        .arm(Ablation.POLICY_REWARD_ENV)
                        .tasksPerIteration(2)
                        .rolloutsPerTask(2)
                        .verdictsPerStep(2)
                        .rewriterSamples(2)
                        .build();
        NeuralPolicyConfig policyConfig =
                NeuralPolicyConfig.builder().learningRate(1e-2).maxPromptTokens(120).build();
        AlfworldExperiment experiment = new AlfworldExperiment(env, 5, games, line -> {});
        // each role's model from its own section, as the neural kinds ask for them
        AlfworldNeuralModels models =
                new AlfworldNeuralModels(
                        games, 5, dir.resolve("start"), policyConfig.maxPromptTokens(), line -> {});
        try (CheckpointedPolicy policy = models.policy(policyConfig);
                CheckpointedRewardModel judge =
                        models.rewardModel(
                                NeuralRewardModelConfig.builder()
                                        .learningRate(1e-2)
                                        .maxTokens(8)
                                        .build())) {
            RLAnythingLoop loop =
                    RLAnythingLoop.builder()
                            .config(new LoopConfig(5, algorithm, env.maxSteps(), 2))
                            .environment(experiment.environment())
                            .policy(policy)
                            .rewardModel(judge)
                            .rewriter(experiment.rewriter())
                            .evaluator(experiment.evaluator())
                            .tasks(experiment.tasks())
                            .build();
            IterationRecord first = loop.runIteration();
            IterationRecord second = loop.runIteration();
            assertEquals(2, second.iteration());
            assertTrue(
                    first.metrics().containsKey("env/train_success"), first.metrics().toString());
            assertTrue(
                    second.metrics().containsKey("val-core/alfworld_generated/success"),
                    second.metrics().toString());
            assertTrue(second.metrics().containsKey("val-core/alfworld_generated/rm_process_acc"));
            assertTrue(second.metrics().containsKey("val-core/alfworld_generated/rm_outcome_acc"));
            assertTrue(
                    second.metrics()
                            .containsKey("val-core/alfworld_generated/rm_process/restrained/acc"),
                    "the run's environment fills the restrained labels");
            // The pool round-trips through the codec (what a checkpoint stores).
            TaskCodec codec = experiment.codec();
            for (Slot slot : loop.slots()) {
                assertEquals(slot.active(), codec.decode(codec.encode(slot.active())));
                if (slot.pendingCandidate().isPresent()) {
                    assertEquals(
                            slot.pending().task(),
                            codec.decode(codec.encode(slot.pending().task())));
                }
            }
            // Checkpoint and reload both models: the evaluation is unchanged (weights restored
            // exactly).
            long evaluationSeed = RLAnythingLoop.evaluationSeed(5);
            Map<String, Double> before =
                    experiment.evaluator().evaluate(2, policy, judge, evaluationSeed);
            policy.saveTo(dir.resolve("ckpt/policy"));
            judge.saveTo(dir.resolve("ckpt/reward_model"));
            policy.loadFrom(dir.resolve("ckpt/policy"));
            judge.loadFrom(dir.resolve("ckpt/reward_model"));
            assertEquals(before, experiment.evaluator().evaluate(2, policy, judge, evaluationSeed));
            // Each role reads its own section: a policy whose init names another model folder
            // (here the starting judge's) loads that folder's weights, not the starting policy's.
            byte[] other = Files.readAllBytes(dir.resolve("start/reward_model/model.safetensors"));
            assertFalse(
                    Arrays.equals(
                            Files.readAllBytes(dir.resolve("start/policy/model.safetensors")),
                            other));
            try (CheckpointedPolicy fromInit =
                    models.policy(
                            NeuralPolicyConfig.builder()
                                    .learningRate(1e-2)
                                    .maxPromptTokens(120)
                                    .init(dir.resolve("start/reward_model").toString())
                                    .build())) {
                fromInit.saveTo(dir.resolve("from-init/policy"));
                assertArrayEquals(
                        other,
                        Files.readAllBytes(dir.resolve("from-init/policy/model.safetensors")));
            }
        }
    }
}
