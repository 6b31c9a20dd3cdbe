package org.rlanything.neural.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;

/**
 * Autograd gradients of the whole model against central finite differences, in double precision.
 * With h = 1e-5 the truncation error is O(h²) ~ 1e-10 and round-off ~ 1e-16/h ~ 1e-11, so agreement
 * to 1e-7 (relative to max(1, |g|)) leaves a wide margin while still catching any wrong term.
 */
class GradientCheckTest {

    @Test
    void gradientsMatchFiniteDifferences() {
        ModelConfig config = new ModelConfig(13, 8, 12, 2, 2, 16, 10000.0, 1e-6, 3L);
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, config, DataType.FLOAT64, 11L)) {
            SplittableRandom rng = new SplittableRandom(5);
            int rows = 2;
            int width = 6;
            long[] tokens = new long[rows * width];
            long[] targets = new long[rows * width];
            double[] coef = new double[rows * width];
            for (int i = 0; i < tokens.length; i++) {
                tokens[i] = rng.nextInt(config.vocabSize());
                targets[i] = rng.nextInt(config.vocabSize());
                coef[i] = rng.nextDouble() - 0.5;
            }
            double base = loss(model, tokens, targets, coef, rows, width, true);
            assertTrue(Double.isFinite(base));
            int checked = 0;
            for (Map.Entry<String, NDArray> e : model.weights().all().entrySet()) {
                NDArray p = e.getValue();
                double[] grad = p.getGradient().toDoubleArray();
                double[] values = p.toDoubleArray();
                for (int k = 0; k < 3; k++) {
                    int i = rng.nextInt(values.length);
                    double h = 1e-5;
                    double keep = values[i];
                    values[i] = keep + h;
                    p.set(values);
                    double plus = loss(model, tokens, targets, coef, rows, width, false);
                    values[i] = keep - h;
                    p.set(values);
                    double minus = loss(model, tokens, targets, coef, rows, width, false);
                    values[i] = keep;
                    p.set(values);
                    double numeric = (plus - minus) / (2 * h);
                    assertEquals(
                            numeric,
                            grad[i],
                            1e-7 * Math.max(1, Math.abs(grad[i])),
                            "gradient of " + e.getKey() + "[" + i + "]");
                    checked++;
                }
            }
            assertEquals(3 * model.weights().all().size(), checked);
        }
    }

    /**
     * Σ coef · log p(target) over a right-padded causal batch; with {@code backward} also fills
     * gradients.
     */
    private static double loss(
            LlamaModel model,
            long[] tok,
            long[] tgt,
            double[] coef,
            int rows,
            int width,
            boolean backward) {
        try (StepScope scope = new StepScope(model.weights().manager())) {
            NDManager m = scope.manager();
            long[] pos = new long[rows * width];
            for (int i = 0; i < pos.length; i++) {
                pos[i] = i % width;
            }
            NDArray tokens = Inputs.longs(m, tok, rows, width);
            NDArray positions = Inputs.longs(m, pos, rows, width);
            NDArray mask = Inputs.causal(m, DataType.FLOAT64, width);
            NDArray targets = m.create(tgt, new Shape(rows, width, 1));
            NDArray c = m.create(coef, new Shape(rows, width, 1));
            if (!backward) {
                return model.forward(tokens, positions, mask, null, false)
                        .logSoftmax(-1)
                        .gather(targets, 2)
                        .mul(c)
                        .sum()
                        .getDouble();
            }
            try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                NDArray l =
                        model.forward(tokens, positions, mask, null, false)
                                .logSoftmax(-1)
                                .gather(targets, 2)
                                .mul(c)
                                .sum();
                collector.backward(l);
                return l.getDouble();
            }
        }
    }
}
