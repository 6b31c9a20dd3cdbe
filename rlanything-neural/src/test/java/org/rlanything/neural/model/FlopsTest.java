package org.rlanything.neural.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;

/**
 * The FLOP counter adds what the shapes run: decoder and head per position, backward as twice
 * forward.
 */
class FlopsTest {

    private static final ModelConfig CONFIG =
            new ModelConfig(40, 16, 24, 2, 2, 64, 10000.0, 1e-6, 3L);

    private static NDArray[] inputs(NDManager m, int rows, int width) {
        long[] tok = new long[rows * width];
        long[] pos = new long[rows * width];
        for (int i = 0; i < tok.length; i++) {
            tok[i] = 3 + i % 30;
            pos[i] = i % width;
        }
        return new NDArray[] {
            Inputs.longs(m, tok, rows, width),
            Inputs.longs(m, pos, rows, width),
            Inputs.causal(m, DataType.FLOAT32, width)
        };
    }

    @Test
    void countsDecoderAndHeadFromTheShapesRun() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 1L);
                StepScope scope = new StepScope(root)) {
            NDArray[] in = inputs(scope.manager(), 3, 10);
            double before = Flops.total();
            model.forward(in[0], in[1], in[2], null, false);
            double all = Flops.total() - before;
            assertEquals(
                    30 * (CONFIG.decoderFlopsPerToken(10) + CONFIG.headFlopsPerToken()), all, 1e-6);

            before = Flops.total();
            model.forward(
                    in[0], in[1], in[2], null, true); // the head on each row's last position only
            assertEquals(
                    30 * CONFIG.decoderFlopsPerToken(10) + 3 * CONFIG.headFlopsPerToken(),
                    Flops.total() - before,
                    1e-6);

            before = Flops.total();
            try (Autograd collector = Autograd.record()) {
                collector.backward(model.forward(in[0], in[1], in[2], null, false).sum());
            }
            assertEquals(3 * all, Flops.total() - before, 1e-6, "forward + backward = 3 x forward");

            before = Flops.total();
            model.forward(in[0], in[1], in[2], null, false);
            assertEquals(all, Flops.total() - before, 1e-6, "recording ended with the collector");
        }
    }
}
