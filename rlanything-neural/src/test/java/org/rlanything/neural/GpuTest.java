package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;

/**
 * On a machine with a GPU and DJL's CUDA build of PyTorch (docs/models.md), the decoder gives the
 * same logits on the GPU as on the CPU. Skipped, saying why, where PyTorch sees no GPU (this
 * project's default CPU build, or no CUDA device).
 */
class GpuTest {

    @Test
    void logitsOnTheGpuEqualTheCpu() {
        Engine engine = NeuralRuntime.engine();
        assumeTrue(
                engine.getGpuCount() > 0,
                "No GPU visible to PyTorch ("
                        + NeuralRuntime.device()
                        + "): the GPU check is skipped. It needs DJL's CUDA build of PyTorch and a"
                        + " CUDA device; see docs/models.md.");
        ModelConfig config = ModelConfig.tiny(300);
        long[] tokens = {5, 17, 42, 7, 99, 3};
        long[] positions = {0, 1, 2, 3, 4, 5};
        float[][] logits = new float[2][];
        Device[] devices = {Device.cpu(), Device.gpu(0)};
        for (int d = 0; d < 2; d++) {
            try (NDManager root = NDManager.newBaseManager(devices[d]);
                    LlamaModel model =
                            new LlamaModel(
                                    ModelWeights.initialise(config, DataType.FLOAT32, root))) {
                NDArray out =
                        model.forward(
                                Inputs.longs(root, tokens, 1, tokens.length),
                                Inputs.longs(root, positions, 1, tokens.length),
                                Inputs.causal(root, DataType.FLOAT32, tokens.length),
                                null,
                                false);
                logits[d] = out.toFloatArray();
            }
        }
        assertArrayEquals(logits[0], logits[1], 1e-4f);
    }
}
