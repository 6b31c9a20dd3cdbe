package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.StepScope;

/**
 * The policy's choice objective (issue: the log-probability PPO uses must be the one the action was
 * sampled with): {@code log π(a) = l_a/τ − logsumexp_b l_b/τ}, computed in one packed forward pass.
 */
class ChoiceObjectiveTest {

    static final ModelConfig CONFIG = new ModelConfig(30, 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L);

    static ChoiceSequence choice(
            SplittableRandom r, int candidates, double temperature, double advantage) {
        List<int[]> c = new ArrayList<>();
        int[] shared = TestModels.randomTokens(r, 2, 30);
        for (int j = 0; j < candidates; j++) {
            int[] tail = TestModels.randomTokens(r, 1 + r.nextInt(3), 30);
            int[] cand = new int[shared.length + tail.length];
            System.arraycopy(
                    shared, 0, cand, 0, shared.length); // a shared prefix, as "go to ..." commands
            System.arraycopy(tail, 0, cand, shared.length, tail.length);
            c.add(j % 2 == 0 ? cand : tail);
        }
        return new ChoiceSequence(
                TestModels.randomTokens(r, 2 + r.nextInt(6), 30),
                c,
                r.nextInt(candidates),
                temperature,
                advantage);
    }

    /**
     * The reference: each candidate scored alone after its prompt, then a tempered log-softmax in
     * Java.
     */
    static double reference(LlamaModel model, ChoiceSequence s) {
        SequenceScorer scorer = new SequenceScorer(model);
        double[] l = new double[s.candidates().size()];
        for (int j = 0; j < l.length; j++) {
            for (double v :
                    scorer.score(List.of(s.prompt()), List.of(s.candidates().get(j))).get(0)) {
                l[j] += v / s.temperature();
            }
        }
        double max = Double.NEGATIVE_INFINITY;
        for (double v : l) {
            max = Math.max(max, v);
        }
        double z = 0;
        for (double v : l) {
            z += Math.exp(v - max);
        }
        return l[s.chosen()] - max - Math.log(z);
    }

    static double[] packed(LlamaModel model, List<ChoiceSequence> rows) {
        ChoiceBatch batch = ChoiceBatch.pack(rows, Long.MAX_VALUE).get(0);
        try (StepScope scope = new StepScope(model.weights().manager())) {
            return batch.logProbs(model, scope.manager(), null)
                    .toType(DataType.FLOAT64, false)
                    .toDoubleArray();
        }
    }

    @Test
    void thePackedChoiceLogProbabilityEqualsEachCandidateScoredAlone() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 1L)) {
            SplittableRandom r = new SplittableRandom(3);
            List<ChoiceSequence> rows = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                rows.add(choice(r, 1 + r.nextInt(4), i % 2 == 0 ? 1.0 : 0.7, 1.0));
            }
            double[] got = packed(model, rows);
            for (int i = 0; i < rows.size(); i++) {
                assertEquals(reference(model, rows.get(i)), got[i], 1e-10, "row " + i);
            }
            assertEquals(0.0, got[firstSingle(rows)], 1e-12, "a forced choice has probability 1");
        }
    }

    private static int firstSingle(List<ChoiceSequence> rows) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).candidates().size() == 1) {
                return i;
            }
        }
        throw new AssertionError("the fixture holds a row with one candidate");
    }

    @Test
    void theChoiceGradientMatchesFiniteDifferences() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 2L)) {
            SplittableRandom r = new SplittableRandom(8);
            List<ChoiceSequence> rows =
                    List.of(
                            choice(r, 3, 1.0, 0.7),
                            choice(r, 4, 0.8, -1.3),
                            choice(r, 2, 1.0, 0.4));
            ChoiceBatch batch = ChoiceBatch.pack(rows, Long.MAX_VALUE).get(0);
            Autograd.off();
            double[] coef = {0.7, -1.3, 0.4};
            try (StepScope scope = new StepScope(model.weights().manager());
                    Autograd collector = Autograd.record()) {
                NDManager m = scope.manager();
                NDArray objective =
                        batch.logProbs(model, m, null).mul(m.create(coef, new Shape(3, 1))).sum();
                collector.backward(objective);
            }
            int checked = 0;
            SplittableRandom pick = new SplittableRandom(4);
            for (Map.Entry<String, NDArray> e : model.weights().all().entrySet()) {
                NDArray p = e.getValue();
                double[] grad = p.getGradient().toDoubleArray();
                double[] values = p.toDoubleArray();
                for (int k = 0; k < 2; k++) {
                    int i = pick.nextInt(values.length);
                    double h = 1e-5;
                    double keep = values[i];
                    values[i] = keep + h;
                    p.set(values);
                    double plus = weighted(model, rows, coef);
                    values[i] = keep - h;
                    p.set(values);
                    double minus = weighted(model, rows, coef);
                    values[i] = keep;
                    p.set(values);
                    assertEquals(
                            (plus - minus) / (2 * h),
                            grad[i],
                            1e-7 * Math.max(1, Math.abs(grad[i])),
                            "gradient of " + e.getKey() + "[" + i + "]");
                    checked++;
                }
            }
            assertTrue(checked >= 2 * 10);
        }
    }

    private static double weighted(LlamaModel model, List<ChoiceSequence> rows, double[] coef) {
        double s = 0;
        for (int i = 0; i < rows.size(); i++) {
            s += coef[i] * reference(model, rows.get(i));
        }
        return s;
    }

    @Test
    void aForcedChoiceTeachesNothingWhileTheOldTokenObjectiveStillMovesTheModel() {
        SplittableRandom r = new SplittableRandom(11);
        int[] prompt = TestModels.randomTokens(r, 5, 30);
        int[] only = TestModels.randomTokens(r, 3, 30);
        PpoSettings trainer =
                PpoSettings.method().withLearningRate(1e-2).withOptimizerSteps(1).withLimits(12, 6);
        try (NDManager root = TestModels.manager();
                LlamaModel choiceModel = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 5L);
                LlamaModel tokenModel = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 5L)) {
            Map<String, float[]> start = PpoTrainerTest.snapshot(choiceModel);
            new PpoTrainer(choiceModel, trainer)
                    .update(
                            List.of(new ChoiceSequence(prompt, List.of(only), 0, 1.0, -1.0)),
                            new SplittableRandom(1));
            new PpoTrainer(tokenModel, trainer)
                    .update(
                            List.of(new TrainingSequence(prompt, only, -1.0)),
                            new SplittableRandom(1));
            Map<String, float[]> afterChoice = PpoTrainerTest.snapshot(choiceModel);
            for (String name : start.keySet()) {
                assertArrayEquals(start.get(name), afterChoice.get(name), 0f, name);
            }
            assertTrue(
                    PpoTrainerTest.total(tokenModel, new TrainingSequence(prompt, only, 0))
                            < PpoTrainerTest.total(
                                            choiceModel, new TrainingSequence(prompt, only, 0))
                                    - 1e-3,
                    "the old objective pushes a forced command's likelihood down");
        }
    }

    @Test
    void aNegativeAdvantageMovesChoiceMassToTheSiblingThatTheOldObjectivePushesDown() {
        SplittableRandom r = new SplittableRandom(21);
        int[] prompt = TestModels.randomTokens(r, 6, 30);
        int[] goTo = TestModels.randomTokens(r, 3, 30);
        int[] a = concat(goTo, new int[] {7});
        int[] b = concat(goTo, new int[] {9});
        PpoSettings trainer =
                PpoSettings.method().withLearningRate(3e-3).withOptimizerSteps(1).withLimits(12, 6);
        try (NDManager root = TestModels.manager();
                LlamaModel choiceModel = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 6L);
                LlamaModel tokenModel = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 6L)) {
            ChoiceSequence chooseA = new ChoiceSequence(prompt, List.of(a, b), 0, 1.0, -1.0);
            double siblingBefore = Math.exp(reference(choiceModel, withChoice(chooseA, 1)));
            double siblingLikelihoodBefore =
                    PpoTrainerTest.total(tokenModel, new TrainingSequence(prompt, b, 0));
            for (int step = 0; step < 3; step++) {
                new PpoTrainer(choiceModel, trainer)
                        .update(List.of(chooseA), new SplittableRandom(step));
                new PpoTrainer(tokenModel, trainer)
                        .update(
                                List.of(new TrainingSequence(prompt, a, -1.0)),
                                new SplittableRandom(step));
            }
            double siblingAfter = Math.exp(reference(choiceModel, withChoice(chooseA, 1)));
            assertTrue(
                    siblingAfter > siblingBefore,
                    "the choice objective gives the sibling more mass: "
                            + siblingBefore
                            + " -> "
                            + siblingAfter);
            double siblingLikelihoodAfter =
                    PpoTrainerTest.total(tokenModel, new TrainingSequence(prompt, b, 0));
            assertTrue(
                    siblingLikelihoodAfter < siblingLikelihoodBefore,
                    "the old objective pushes the shared prefix "
                            + "down: "
                            + siblingLikelihoodBefore
                            + " -> "
                            + siblingLikelihoodAfter);
        }
    }

    private static ChoiceSequence withChoice(ChoiceSequence s, int chosen) {
        return new ChoiceSequence(
                s.prompt(), s.candidates(), chosen, s.temperature(), s.advantage());
    }

    private static int[] concat(int[] x, int[] y) {
        int[] out = new int[x.length + y.length];
        System.arraycopy(x, 0, out, 0, x.length);
        System.arraycopy(y, 0, out, x.length, y.length);
        return out;
    }
}
