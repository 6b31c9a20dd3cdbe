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

    public static int[] randomTokens(SplittableRandom rng, int length, int vocab) {
        int[] t = new int[length];
        for (int i = 0; i < length; i++) {
            t[i] = 3 + rng.nextInt(vocab - 3);
        }
        return t;
    }
}
