package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.infer.Generation;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.model.Parallel;
import org.rlanything.neural.train.ChoiceSequence;
import org.rlanything.neural.train.PpoSample;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.TrainingSequence;

/**
 * Sampling, scoring, PPO updates and supervised steps spread over the native threads give, bit for
 * bit, what one thread gives: the same work units with the same shapes, and micro-batch gradients
 * added in micro-batch order.
 */
class ThreadCountTest {

    /**
     * A small per-pass budget, so every call splits into many chunks and every minibatch into
     * micro-batches.
     */
    private static final PpoSettings TRAINER =
            PpoSettings.method()
                    .withLearningRate(1e-2)
                    .withOptimizerSteps(3)
                    .withLimits(40, 12)
                    .withMaxTokensPerForward(160);

    private final int threadsBefore = Parallel.threads();

    @AfterEach
    void restore() {
        Parallel.setThreads(threadsBefore);
    }

    private static <R> R withThreads(int threads, Function<NeuralModel, R> work) {
        Parallel.setThreads(threads);
        try (NeuralModel model = NeuralPolicyTest.smallModel(TRAINER)) {
            return work.apply(model);
        }
    }

    private static List<int[]> prompts(SplittableRandom r, int count, int vocab) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(TestModels.randomTokens(r, 3 + r.nextInt(30), vocab));
        }
        return out;
    }

    @Test
    void samplingAndScoringDoNotDependOnTheThreadCount() {
        Function<NeuralModel, List<Object>> work =
                model -> {
                    int vocab = model.tokenizer().vocabSize();
                    SplittableRandom r = new SplittableRandom(5);
                    List<int[]> prompts = prompts(r, 23, vocab);
                    List<RandomGenerator> rngs = new ArrayList<>();
                    for (int i = 0; i < prompts.size() * 3; i++) {
                        rngs.add(new SplittableRandom(100 + i));
                    }
                    List<Generation> generated =
                            model.generate(prompts, 3, rngs, new SamplingConfig(1.0, 1.0, 8));
                    List<List<int[]>> candidates = new ArrayList<>();
                    for (int i = 0; i < prompts.size(); i++) {
                        List<int[]> c = new ArrayList<>();
                        for (int j = 0; j < 2 + r.nextInt(6); j++) {
                            c.add(TestModels.randomTokens(r, 1 + r.nextInt(5), vocab));
                        }
                        candidates.add(c);
                    }
                    List<Object> out = new ArrayList<>();
                    for (Generation g : generated) {
                        out.add(g.tokens());
                        out.add(g.logProbs());
                    }
                    for (List<double[]> scores : model.scoreCandidates(prompts, candidates)) {
                        out.addAll(scores);
                    }
                    return out;
                };
        List<Object> one = withThreads(1, work);
        List<Object> three = withThreads(3, work);
        assertEquals(one.size(), three.size());
        for (int i = 0; i < one.size(); i++) {
            if (one.get(i) instanceof int[] a) {
                assertArrayEquals(a, (int[]) three.get(i), "item " + i);
            } else {
                assertArrayEquals((double[]) one.get(i), (double[]) three.get(i), 0.0, "item " + i);
            }
        }
    }

    @Test
    void ppoUpdatesDoNotDependOnTheThreadCount() {
        Function<NeuralModel, Map<String, Object>> work =
                model -> {
                    int vocab = model.tokenizer().vocabSize();
                    SplittableRandom r = new SplittableRandom(7);
                    List<PpoSample> samples = new ArrayList<>();
                    for (int i = 0; i < 40; i++) {
                        int[] prompt = TestModels.randomTokens(r, 3 + r.nextInt(20), vocab);
                        if (i % 2 == 0) {
                            samples.add(
                                    new TrainingSequence(
                                            prompt,
                                            TestModels.randomTokens(r, 1 + r.nextInt(6), vocab),
                                            r.nextDouble() - 0.4));
                        } else {
                            List<int[]> c = new ArrayList<>();
                            for (int j = 0; j < 2 + r.nextInt(4); j++) {
                                c.add(TestModels.randomTokens(r, 1 + r.nextInt(4), vocab));
                            }
                            samples.add(
                                    new ChoiceSequence(
                                            prompt,
                                            c,
                                            r.nextInt(c.size()),
                                            1.0,
                                            r.nextDouble() - 0.5));
                        }
                    }
                    Map<String, Object> out = new LinkedHashMap<>();
                    for (int update = 0; update < 2; update++) {
                        UpdateStats stats = model.train(samples, new SplittableRandom(11 + update));
                        out.put("metrics" + update, stats.metrics());
                    }
                    for (Map.Entry<String, NDArray> e : model.model().weights().all().entrySet()) {
                        out.put(e.getKey(), e.getValue().toFloatArray());
                    }
                    return out;
                };
        Map<String, Object> one = withThreads(1, work);
        Map<String, Object> two = withThreads(2, work);
        assertEquals(one.keySet(), two.keySet());
        assertEquals(one.get("metrics0"), two.get("metrics0"));
        assertEquals(one.get("metrics1"), two.get("metrics1"));
        @SuppressWarnings("unchecked")
        Map<String, Double> metrics = (Map<String, Double>) one.get("metrics1");
        assertTrue(metrics.get("ppo_kl") > 0, "the updates moved the policy");
        for (String name : one.keySet()) {
            if (!name.startsWith("metrics")) {
                assertArrayEquals((float[]) one.get(name), (float[]) two.get(name), 0f, name);
            }
        }
    }

    @Test
    void supervisedStepsDoNotDependOnTheThreadCount() {
        Function<NeuralModel, Map<String, Object>> work =
                model -> {
                    int vocab = model.tokenizer().vocabSize();
                    SplittableRandom r = new SplittableRandom(9);
                    List<TrainingSequence> batch = new ArrayList<>();
                    for (int i = 0; i < 24; i++) {
                        batch.add(
                                new TrainingSequence(
                                        TestModels.randomTokens(r, 3 + r.nextInt(20), vocab),
                                        TestModels.randomTokens(r, 1 + r.nextInt(6), vocab),
                                        1.0));
                    }
                    Map<String, Object> out = new LinkedHashMap<>();
                    for (int step = 0; step < 3; step++) {
                        out.put("loss" + step, model.trainSupervised(batch, 1e-2).loss());
                    }
                    for (Map.Entry<String, NDArray> e : model.model().weights().all().entrySet()) {
                        out.put(e.getKey(), e.getValue().toFloatArray());
                    }
                    return out;
                };
        Map<String, Object> one = withThreads(1, work);
        Map<String, Object> two = withThreads(2, work);
        assertEquals(one.keySet(), two.keySet());
        for (String name : one.keySet()) {
            if (name.startsWith("loss")) {
                assertEquals(one.get(name), two.get(name), name);
            } else {
                assertArrayEquals((float[]) one.get(name), (float[]) two.get(name), 0f, name);
            }
        }
        assertTrue((double) one.get("loss2") < (double) one.get("loss0"), "the steps learned");
    }
}
