package org.rlanything.neural;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;

/**
 * The small model the LoRA tests share: a tokenizer, a config with grouped-query attention, q/k/v
 * biases and a tied head, the adapters' size, the trainer's settings, and the prompts and responses
 * they score.
 */
public final class LoraFixture {

    public static final BpeTokenizer TOKENIZER =
            BpeTokenizer.train(List.of("go to desk 1", "open drawer 2"), 280);
    public static final ModelConfig CONFIG =
            new ModelConfig(TOKENIZER.vocabSize(), 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L)
                    .withKeyValueHeads(1)
                    .withBiasesAndTying(true, false, true);
    public static final ModelWeights.Lora LORA = new ModelWeights.Lora(4, 8.0);
    public static final PpoSettings TRAINER =
            PpoSettings.method()
                    .withLearningRate(5e-3)
                    .withOptimizerSteps(2)
                    .withLimits(16, 8)
                    .withResetOptimizerEachUpdate(false);
    public static final List<int[]> PROMPTS =
            List.of(TOKENIZER.encode("go to"), TOKENIZER.encode("open"));
    public static final List<int[]> RESPONSES =
            List.of(TOKENIZER.encode(" desk 1"), TOKENIZER.encode(" drawer 2"));

    private LoraFixture() {}

    /**
     * Saves the base model (seed 3) as a checkpoint in {@code dir}; with {@code float16Exact} its
     * weights are first rounded to values float16 holds exactly, as it holds BF16 weights.
     */
    public static Path base(Path dir, boolean float16Exact) throws IOException {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 3)) {
            if (float16Exact) {
                for (NDArray a : model.weights().all().values()) {
                    a.set(
                            a.toType(DataType.FLOAT16, false)
                                    .toType(DataType.FLOAT32, false)
                                    .toFloatArray());
                }
            }
            Checkpoint.save(dir, model, TOKENIZER, null, null);
        }
        return dir;
    }
}
