package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;

/**
 * A PPO update gives bit-identical weights while another thread forces garbage collections. Guards
 * against freed scalar buffers being read by the backward pass (see {@code Scalars}): before the
 * fix this failed in most trials, with zero gradients for the query and key projections.
 */
class GarbageCollectionSafetyTest {

    private static final ModelConfig CONFIG =
            new ModelConfig(64, 32, 48, 1, 2, 48, 10000.0, 1e-6, 2L);

    @Test
    void updatesAreIdenticalUnderGarbageCollectionPressure() throws Exception {
        List<TrainingSequence> data = PpoTrainerTest.samples(11, 8, 2.0);
        Map<String, float[]> reference = train(data);
        Thread collector =
                new Thread(
                        () -> {
                            while (!Thread.currentThread().isInterrupted()) {
                                System.gc();
                                try {
                                    Thread.sleep(1);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        });
        collector.setDaemon(true);
        collector.start();
        try {
            for (int trial = 0; trial < 3; trial++) {
                Map<String, float[]> again = train(data);
                for (String name : reference.keySet()) {
                    float[] a = reference.get(name);
                    float[] b = again.get(name);
                    for (int i = 0; i < a.length; i++) {
                        assertEquals(
                                a[i], b[i], 0f, "trial " + trial + ", " + name + "[" + i + "]");
                    }
                }
            }
        } finally {
            collector.interrupt();
            collector.join();
        }
    }

    private static Map<String, float[]> train(List<TrainingSequence> data) {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 3L)) {
            PpoTrainer trainer = new PpoTrainer(model, PpoTrainerTest.TRAINER);
            for (int update = 0; update < 3; update++) {
                trainer.update(data, new SplittableRandom(update));
            }
            return PpoTrainerTest.snapshot(model);
        }
    }
}
