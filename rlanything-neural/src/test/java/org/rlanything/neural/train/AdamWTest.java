package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;

/**
 * The optimizer's in-place update is, bit for bit, the expression form PyTorch's AdamW writes (each
 * operation a new tensor), with the gradient scaled by a clip coefficient and weight decay on.
 */
class AdamWTest {

    private static final ModelConfig CONFIG =
            new ModelConfig(40, 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L);

    @Test
    void theInPlaceUpdateIsTheExpressionFormBitForBit() {
        double lr = 3e-3;
        double beta1 = 0.9;
        double beta2 = 0.999;
        double eps = 1e-8;
        double decay = 0.01;
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 5L)) {
            Map<String, NDArray> params = model.weights().trainable();
            Map<String, NDArray[]> reference = new LinkedHashMap<>(); // p, m, v
            for (Map.Entry<String, NDArray> e : params.entrySet()) {
                NDArray p = e.getValue();
                reference.put(
                        e.getKey(),
                        new NDArray[] {
                            p.duplicate(),
                            root.zeros(p.getShape(), p.getDataType()),
                            root.zeros(p.getShape(), p.getDataType())
                        });
            }
            AdamW optimizer = new AdamW(model.weights());
            Gradients.ensure(model);
            root.getEngine().setRandomSeed(11);
            for (int step = 1; step <= 4; step++) {
                double scale = step % 2 == 0 ? 0.37 : 1.0;
                double bc1 = 1 - Math.pow(beta1, step);
                double bc2Sqrt = Math.sqrt(1 - Math.pow(beta2, step));
                for (Map.Entry<String, NDArray> e : params.entrySet()) {
                    NDArray g = root.randomNormal(e.getValue().getShape()).mul(0.05);
                    e.getValue().getGradient().set(new NDIndex("..."), g);
                    NDArray[] r = reference.get(e.getKey());
                    NDArray gs = scale != 1.0 ? g.mul(scale) : g;
                    r[0].muli(1 - lr * decay);
                    r[1].muli(beta1).addi(gs.mul(1 - beta1));
                    r[2].muli(beta2).addi(gs.square().mul(1 - beta2));
                    NDArray denom = r[2].sqrt().div(bc2Sqrt).add(eps);
                    r[0].subi(r[1].div(denom).mul(lr / bc1));
                }
                optimizer.step(lr, beta1, beta2, eps, decay, scale);
                for (Map.Entry<String, NDArray> e : params.entrySet()) {
                    assertArrayEquals(
                            reference.get(e.getKey())[0].toFloatArray(),
                            e.getValue().toFloatArray(),
                            "step " + step + ", " + e.getKey());
                }
            }
        }
    }
}
