package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Slot;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * A tiny full run: starting models from a seed, two iterations of the full method, evaluation,
 * resume.
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
        AgentSettings settings =
                new AgentSettings(
                        5,
                        dir.resolve("start"),
                        2,
                        new AlfworldEnvironmentConfig(
                                3, 100, 10, 2, false, null, 4, null, null, null),
                        AlgorithmConfig.builder()
                                .arm(Ablation.POLICY_REWARD_ENV)
                                .tasksPerIteration(2)
                                .rolloutsPerTask(2)
                                .verdictsPerStep(2)
                                .rewriterSamples(2)
                                .build(),
                        new NeuralPolicyConfig(1e-2, null, null, 120, null),
                        new NeuralRewardModelConfig(1e-2, null, null, 8));
        try (AlfworldExperiment experiment =
                AlfworldExperiment.create(settings, games, line -> {})) {
            RLAnythingLoop loop = loopOf(experiment);
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
            Map<String, Double> before = experiment.evaluate(2);
            experiment.policy().saveTo(dir.resolve("ckpt/policy"));
            experiment.rewardModel().saveTo(dir.resolve("ckpt/reward_model"));
            experiment.policy().loadFrom(dir.resolve("ckpt/policy"));
            experiment.rewardModel().loadFrom(dir.resolve("ckpt/reward_model"));
            assertEquals(before, experiment.evaluate(2));
        }
    }

    /** A loop over every component of {@code experiment}: the algorithm section, the seed, H, E. */
    private static RLAnythingLoop loopOf(AlfworldExperiment experiment) {
        AgentSettings settings = experiment.settings();
        return RLAnythingLoop.builder()
                .config(
                        new org.rlanything.core.loop.LoopConfig(
                                settings.seed(),
                                settings.algorithm(),
                                settings.environment().maxSteps(),
                                settings.evaluateEvery()))
                .environment(experiment.environment())
                .policy(experiment.policy())
                .rewardModel(experiment.rewardModel())
                .rewriter(experiment.rewriter())
                .evaluator(experiment.evaluator())
                .tasks(experiment.tasks())
                .build();
    }
}
