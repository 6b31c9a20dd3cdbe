package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;

class PpoTrainerTest {

    static final ModelConfig CONFIG = new ModelConfig(30, 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L);
    static final PpoSettings TRAINER =
            PpoSettings.method()
                    .withLearningRate(1e-2)
                    .withOptimizerSteps(2)
                    .withLimits(12, 6)
                    .withMaxTokensPerForward(40);

    static List<TrainingSequence> samples(long seed, int n, double advantageScale) {
        SplittableRandom r = new SplittableRandom(seed);
        List<TrainingSequence> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(
                    new TrainingSequence(
                            TestModels.randomTokens(r, 2 + r.nextInt(8), 30),
                            TestModels.randomTokens(r, 1 + r.nextInt(5), 30),
                            advantageScale * (r.nextDouble() - 0.3)));
        }
        return out;
    }

    @Test
    void zeroAdvantagesLeaveTheWeightsUnchanged() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 1L)) {
            Map<String, float[]> before = snapshot(model);
            PpoTrainer trainer = new PpoTrainer(model, TRAINER);
            UpdateStats stats = trainer.update(samples(2, 7, 0.0), new SplittableRandom(1));
            Map<String, float[]> after = snapshot(model);
            for (String name : before.keySet()) {
                assertArrayEquals(before.get(name), after.get(name), 0f, name);
            }
            assertEquals(0.0, stats.metrics().get("pg_loss"), 0);
            assertEquals(0.0, stats.metrics().get("ppo_kl"), 0);
            assertEquals(0.0, stats.metrics().get("clipfrac"), 0);
            assertEquals(2.0, stats.metrics().get("optimizer_steps"));
            assertTrue(stats.metrics().get("entropy") > 0);
        }
    }

    @Test
    void positiveAdvantageRaisesAndNegativeLowersTheResponseLikelihood() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 2L)) {
            SplittableRandom r = new SplittableRandom(9);
            TrainingSequence good =
                    new TrainingSequence(
                            TestModels.randomTokens(r, 5, 30),
                            TestModels.randomTokens(r, 3, 30),
                            1.0);
            TrainingSequence bad =
                    new TrainingSequence(
                            TestModels.randomTokens(r, 4, 30),
                            TestModels.randomTokens(r, 3, 30),
                            -1.0);
            double goodBefore = total(model, good);
            double badBefore = total(model, bad);
            PpoTrainer trainer = new PpoTrainer(model, TRAINER.withOptimizerSteps(1));
            UpdateStats first = trainer.update(List.of(good, bad), new SplittableRandom(2));
            assertEquals(0.0, first.metrics().get("ppo_kl"), 0, "δ = 0 in the first minibatch");
            assertEquals(0.0, first.metrics().get("clipfrac"), 0);
            assertTrue(total(model, good) > goodBefore);
            assertTrue(total(model, bad) < badBefore);
            // A second update with U = 4 on a larger set moves away from π_old after the first
            // step.
            UpdateStats second =
                    new PpoTrainer(model, TRAINER.withOptimizerSteps(4))
                            .update(samples(3, 9, 3.0), new SplittableRandom(3));
            assertTrue(second.metrics().get("ppo_kl") > 0);
            assertEquals(4.0, second.metrics().get("optimizer_steps"));
            assertTrue(second.metrics().get("grad_norm") > 0);
        }
    }

    @Test
    void twoModelsTrainingInTwoThreadsAtOnceEqualOneTrainedAlone() throws Exception {
        Map<String, float[]> alone;
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 5L)) {
            new PpoTrainer(model, TRAINER).update(samples(6, 9, 2.0), new SplittableRandom(7));
            alone = snapshot(model);
        }
        java.util.concurrent.ExecutorService pool =
                java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<Map<String, float[]>>> jobs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                jobs.add(
                        pool.submit(
                                () -> {
                                    try (NDManager root = TestModels.manager();
                                            LlamaModel model =
                                                    TestModels.tiny(
                                                            root, CONFIG, DataType.FLOAT32, 5L)) {
                                        new PpoTrainer(model, TRAINER)
                                                .update(
                                                        samples(6, 9, 2.0),
                                                        new SplittableRandom(7));
                                        return snapshot(model);
                                    }
                                }));
            }
            for (java.util.concurrent.Future<Map<String, float[]>> job : jobs) {
                Map<String, float[]> threaded = job.get();
                for (String name : alone.keySet()) {
                    assertArrayEquals(alone.get(name), threaded.get(name), 0f, name);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void overLongPromptsAreDroppedWithTheirAdvantageAndResponsesAreCut() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 3L)) {
            SplittableRandom r = new SplittableRandom(5);
            List<TrainingSequence> s = new ArrayList<>();
            s.add(
                    new TrainingSequence(
                            TestModels.randomTokens(r, 13, 30),
                            TestModels.randomTokens(r, 2, 30),
                            5.0));
            s.add(
                    new TrainingSequence(
                            TestModels.randomTokens(r, 3, 30),
                            TestModels.randomTokens(r, 9, 30),
                            1.0));
            s.add(new TrainingSequence(TestModels.randomTokens(r, 3, 30), new int[0], 1.0));
            s.add(
                    new TrainingSequence(
                            TestModels.randomTokens(r, 12, 30),
                            TestModels.randomTokens(r, 2, 30),
                            -1.0));
            PpoTrainer trainer = new PpoTrainer(model, TRAINER);
            Map<String, Double> m = trainer.update(s, new SplittableRandom(4)).metrics();
            assertEquals(1.0, m.get("dropped_long_prompts"));
            assertEquals(1.0, m.get("dropped_empty_responses"));
            assertEquals(1.0, m.get("truncated_responses"));
            assertEquals(2.0, m.get("samples"));
            assertEquals(6.0 + 2.0, m.get("response_tokens"));
            assertEquals(new TrainingState(1, 2, 2, 8), trainer.state());
        }
    }

    @Test
    void microBatchingDoesNotChangeTheUpdate() {
        List<TrainingSequence> data = samples(7, 8, 2.0);
        Map<String, float[]> split;
        Map<String, float[]> whole;
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 4L)) {
            new PpoTrainer(model, TRAINER.withMaxTokensPerForward(10))
                    .update(data, new SplittableRandom(1));
            split = snapshot(model);
        }
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 4L)) {
            new PpoTrainer(model, TRAINER.withMaxTokensPerForward(100000))
                    .update(data, new SplittableRandom(1));
            whole = snapshot(model);
        }
        for (String name : split.keySet()) {
            assertArrayEquals(whole.get(name), split.get(name), 1e-5f, name);
        }
    }

    static double total(LlamaModel model, TrainingSequence s) {
        double sum = 0;
        for (double v :
                new SequenceScorer(model)
                        .score(List.of(s.prompt()), List.of(s.response()))
                        .get(0)) {
            sum += v;
        }
        return sum;
    }

    static Map<String, float[]> snapshot(LlamaModel model) {
        Map<String, float[]> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : model.weights().all().entrySet()) {
            out.put(e.getKey(), e.getValue().toType(DataType.FLOAT32, false).toFloatArray());
        }
        return out;
    }
}
