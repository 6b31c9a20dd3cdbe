package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelWeights;

/**
 * The anchor to the starting model ({@link PpoSettings#klToStart()}): off, the update is today's;
 * on, the response log-probabilities stay nearer their start, and a second trainer handed the
 * first's reference (what a checkpoint loaded into a new model does) updates as the first would.
 */
class AnchorTest {

    private static final int UPDATES = 6;

    @Test
    void withoutAnchorTheUpdatesAreTodaysBitForBit() {
        List<TrainingSequence> samples = PpoTrainerTest.samples(3, 9, 2.0);
        try (NDManager root = TestModels.manager();
                LlamaModel plain = tiny(root);
                LlamaModel zero = tiny(root)) {
            PpoTrainer today = new PpoTrainer(plain, PpoTrainerTest.TRAINER);
            PpoTrainer off =
                    new PpoTrainer(zero, PpoTrainerTest.TRAINER.toBuilder().klToStart(0).build());
            off.anchorHere(); // β_ref = 0: takes no copy
            assertFalse(off.anchored());
            for (int u = 0; u < UPDATES; u++) {
                UpdateStats a = today.update(samples, new SplittableRandom(u));
                UpdateStats b = off.update(samples, new SplittableRandom(u));
                assertEquals(a.metrics(), b.metrics());
                assertFalse(b.metrics().containsKey("kl_to_start"));
            }
            Map<String, float[]> x = PpoTrainerTest.snapshot(plain);
            Map<String, float[]> y = PpoTrainerTest.snapshot(zero);
            for (String name : x.keySet()) {
                assertArrayEquals(x.get(name), y.get(name), 0f, name);
            }
        }
    }

    @Test
    void theAnchorKeepsTheResponsesNearerTheirStartingLogProbabilities() {
        List<TrainingSequence> samples = PpoTrainerTest.samples(4, 9, 2.0);
        try (NDManager root = TestModels.manager();
                LlamaModel free = tiny(root);
                LlamaModel held = tiny(root)) {
            double[] start = logProbs(free, samples);
            PpoTrainer unanchored = new PpoTrainer(free, PpoTrainerTest.TRAINER);
            PpoTrainer anchored =
                    new PpoTrainer(held, PpoTrainerTest.TRAINER.toBuilder().klToStart(1.0).build());
            anchored.anchorHere();
            assertTrue(anchored.anchored());
            double firstKl = Double.NaN;
            double lastKl = Double.NaN;
            for (int u = 0; u < UPDATES; u++) {
                unanchored.update(samples, new SplittableRandom(u));
                UpdateStats s = anchored.update(samples, new SplittableRandom(u));
                lastKl = s.metrics().get("kl_to_start");
                firstKl = u == 0 ? lastKl : firstKl;
            }
            double driftFree = meanAbsoluteChange(start, logProbs(free, samples));
            double driftHeld = meanAbsoluteChange(start, logProbs(held, samples));
            System.out.printf(
                    "ANCHOR drift unanchored %.4f anchored %.4f, kl_to_start %.5f -> %.5f%n",
                    driftFree, driftHeld, firstKl, lastKl);
            assertTrue(driftFree > 0.05, "the unanchored model moved: " + driftFree);
            assertTrue(
                    driftHeld < 0.8 * driftFree,
                    "anchored " + driftHeld + " vs unanchored " + driftFree);
            // the first optimizer step starts at the reference itself; later ones have moved
            assertTrue(firstKl >= 0 && lastKl > firstKl, firstKl + " then " + lastKl);
        }
    }

    @Test
    void aLoraModelIsAnchoredToItsBase() {
        // fresh adapters (B = 0): the reference, the base with the adapters as drawn, is the base
        List<TrainingSequence> samples = PpoTrainerTest.samples(6, 9, 2.0);
        try (NDManager root = TestModels.manager();
                LlamaModel free = tiny(root);
                LlamaModel held = tiny(root);
                LlamaModel base = tiny(root)) {
            free.weights().addLora(new ModelWeights.Lora(4, 8.0), 3L);
            held.weights().addLora(new ModelWeights.Lora(4, 8.0), 3L);
            double[] start = logProbs(base, samples);
            assertArrayEquals(start, logProbs(held, samples), 1e-6);
            PpoSettings fast = PpoTrainerTest.TRAINER.withLearningRate(5e-2);
            PpoTrainer unanchored = new PpoTrainer(free, fast);
            PpoTrainer anchored = new PpoTrainer(held, fast.toBuilder().klToStart(4.0).build());
            anchored.anchorHere();
            for (int u = 0; u < UPDATES; u++) {
                unanchored.update(samples, new SplittableRandom(u));
                anchored.update(samples, new SplittableRandom(u));
            }
            double driftFree = meanAbsoluteChange(start, logProbs(free, samples));
            double driftHeld = meanAbsoluteChange(start, logProbs(held, samples));
            System.out.printf(
                    "ANCHOR lora drift unanchored %.4f anchored %.4f%n", driftFree, driftHeld);
            assertTrue(driftFree > 0.05, "the unanchored adapters moved: " + driftFree);
            assertTrue(
                    driftHeld < 0.8 * driftFree,
                    "anchored " + driftHeld + " vs unanchored " + driftFree);
            // the base is shared, frozen, with the reference: the base model is unchanged
            assertArrayEquals(start, logProbs(base, samples), 0);
        }
    }

    @Test
    void aReferenceHandedOnGivesTheSameUpdatesAsTheOriginal() {
        List<TrainingSequence> samples = PpoTrainerTest.samples(5, 9, 2.0);
        PpoSettings settings = PpoTrainerTest.TRAINER.toBuilder().klToStart(0.5).build();
        try (NDManager root = TestModels.manager();
                LlamaModel a = tiny(root);
                LlamaModel b = tiny(root);
                LlamaModel c = tiny(root)) {
            PpoTrainer first = new PpoTrainer(a, settings);
            first.anchorHere();
            PpoTrainer second = new PpoTrainer(b, settings);
            second.anchorHere();
            for (int u = 0; u < 2; u++) {
                first.update(samples, new SplittableRandom(u));
                second.update(samples, new SplittableRandom(u));
            }
            // c takes b's trained weights (as a checkpoint loaded into a new model) and b's
            // reference, which is its start, not those weights
            Map<String, float[]> trained = PpoTrainerTest.snapshot(b);
            for (Map.Entry<String, ai.djl.ndarray.NDArray> e : c.weights().all().entrySet()) {
                e.getValue().set(trained.get(e.getKey()));
            }
            PpoTrainer third = new PpoTrainer(c, settings);
            third.anchorAt(second);
            for (int u = 2; u < 4; u++) {
                UpdateStats x = first.update(samples, new SplittableRandom(u));
                UpdateStats y = third.update(samples, new SplittableRandom(u));
                assertEquals(x.metrics(), y.metrics());
            }
            Map<String, float[]> x = PpoTrainerTest.snapshot(a);
            Map<String, float[]> y = PpoTrainerTest.snapshot(c);
            for (String name : x.keySet()) {
                assertArrayEquals(x.get(name), y.get(name), 0f, name);
            }
        }
    }

    private static LlamaModel tiny(NDManager root) {
        return TestModels.tiny(root, PpoTrainerTest.CONFIG, DataType.FLOAT32, 11L);
    }

    /** Every response token's log-probability, sample after sample. */
    private static double[] logProbs(LlamaModel model, List<TrainingSequence> samples) {
        SequenceScorer scorer = new SequenceScorer(model);
        return samples.stream()
                .flatMapToDouble(
                        s ->
                                java.util.Arrays.stream(
                                        scorer.score(List.of(s.prompt()), List.of(s.response()))
                                                .get(0)))
                .toArray();
    }

    private static double meanAbsoluteChange(double[] before, double[] after) {
        double sum = 0;
        for (int i = 0; i < before.length; i++) {
            sum += Math.abs(after[i] - before[i]);
        }
        return sum / before.length;
    }
}
