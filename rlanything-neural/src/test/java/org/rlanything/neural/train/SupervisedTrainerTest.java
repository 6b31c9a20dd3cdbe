package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;

class SupervisedTrainerTest {

    static final ModelConfig CONFIG = new ModelConfig(30, 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L);

    static List<TrainingSequence> samples(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        List<TrainingSequence> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(
                    new TrainingSequence(
                            TestModels.randomTokens(r, 2 + r.nextInt(8), 30),
                            TestModels.randomTokens(r, 1 + r.nextInt(5), 30),
                            1.0));
        }
        return out;
    }

    @Test
    void crossEntropyFallsAndMatchesTheLikelihoodItReports() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 3L)) {
            SupervisedTrainer trainer = new SupervisedTrainer(model, 1.0, 40);
            List<TrainingSequence> data = samples(5, 9);
            double[] before = trainer.meanTokenLogLikelihood(data);
            double meanBefore = 0;
            for (double v : before) {
                meanBefore += v / before.length;
            }
            SupervisedTrainer.StepResult first = trainer.step(data, 1e-2);
            // The reported loss is the mean over samples of the per-sample mean token NLL, before
            // the step.
            assertEquals(-meanBefore, first.loss(), 1e-4);
            assertEquals(9, first.samples());
            double last = first.loss();
            for (int i = 0; i < 30; i++) {
                last = trainer.step(data, 1e-2).loss();
            }
            assertTrue(last < first.loss() * 0.7, "loss " + first.loss() + " -> " + last);
            assertEquals(31, trainer.steps());
        }
    }

    @Test
    void microBatchingDoesNotChangeTheStep() {
        List<TrainingSequence> data = samples(11, 7);
        double[][] lls = new double[2][];
        int k = 0;
        for (int budget : new int[] {1000, 20}) {
            try (NDManager root = TestModels.manager();
                    LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 4L)) {
                SupervisedTrainer trainer = new SupervisedTrainer(model, 1.0, budget);
                trainer.step(data, 1e-2);
                lls[k++] = trainer.meanTokenLogLikelihood(data);
            }
        }
        for (int i = 0; i < lls[0].length; i++) {
            assertEquals(lls[0][i], lls[1][i], 1e-4);
        }
    }
}
