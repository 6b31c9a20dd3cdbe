package org.rlanything.neural;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.util.SplittableRandom;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;

/** Small seeded models shared by the tests. */
public final class TestModels {

    private TestModels() {}

    /** The process-wide manager the test models hang off (the engine is started first). */
    public static NDManager manager() {
        return NeuralRuntime.engine().newBaseManager();
    }

    /** A tiny model whose weights are enlarged and perturbed so every non-linearity matters. */
    public static LlamaModel tiny(
            NDManager manager, ModelConfig config, DataType dtype, long seed) {
        LlamaModel model = new LlamaModel(ModelWeights.initialise(config, dtype, manager));
        SplittableRandom rng = new SplittableRandom(seed);
        for (NDArray p : model.weights().all().values()) {
            double[] v = p.toType(DataType.FLOAT64, false).toDoubleArray();
            for (int i = 0; i < v.length; i++) {
                v[i] =
                        p.getShape().dimension() == 1
                                ? 1 + 0.3 * (rng.nextDouble() - 0.5)
                                : v[i] * 15;
            }
            if (dtype == DataType.FLOAT64) {
                p.set(v);
            } else {
                float[] f = new float[v.length];
                for (int i = 0; i < v.length; i++) {
                    f[i] = (float) v[i];
                }
                p.set(f);
            }
        }
        return model;
    }

    /**
     * Six training sequences of update {@code update}: prompts of 2-7 and responses of 1-4 random
     * tokens below {@code vocab}, advantages in [-1, 1), drawn from seed 100 + update.
     */
    public static java.util.List<org.rlanything.neural.train.TrainingSequence> sequences(
            int update, int vocab) {
        SplittableRandom r = new SplittableRandom(100 + update);
        java.util.List<org.rlanything.neural.train.TrainingSequence> out =
                new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            out.add(
                    new org.rlanything.neural.train.TrainingSequence(
                            randomTokens(r, 2 + r.nextInt(6), vocab),
                            randomTokens(r, 1 + r.nextInt(4), vocab),
                            r.nextDouble() * 2 - 1));
        }
        return out;
    }

    public static int[] randomTokens(SplittableRandom rng, int length, int vocab) {
        int[] t = new int[length];
        for (int i = 0; i < length; i++) {
            t[i] = 3 + rng.nextInt(vocab - 3);
        }
        return t;
    }
}
