package org.rlanything.neural.command;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.LoraFixture;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.checkpoint.LoraBase;
import org.rlanything.neural.checkpoint.WeightFiles;
import org.rlanything.neural.io.StoredTensor;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.SplitMix64;

/**
 * {@code model export} of a LoRA checkpoint merges without loading the model (the base's tensors
 * streamed, each adapted projection merged as it is written): the float32 export holds exactly the
 * values of the merge on the loaded model, and the BF16 one is those values rounded.
 */
class MergedExportTest {

    private static final PpoSettings TRAINER =
            PpoSettings.method().withLearningRate(5e-3).withOptimizerSteps(2).withLimits(16, 8);

    @TempDir Path dir;

    @Test
    void aStreamedMergeEqualsTheMergeOfTheLoadedModel() throws Exception {
        Path base = LoraFixture.base(dir.resolve("base"), false);
        Path ckpt = dir.resolve("ckpt");
        Map<String, float[]> inMemory = new java.util.LinkedHashMap<>();
        try (NeuralModel m = NeuralModel.loadFolder(base, TRAINER)) {
            m.enableLora(LoraFixture.LORA, 11, LoraBase.of(base));
            SplitMix64 rng = new SplitMix64(42);
            for (int u = 0; u < 3; u++) {
                m.train(TestModels.sequences(u, LoraFixture.CONFIG.vocabSize()), rng);
            }
            m.save(ckpt, Map.of());
            try (NDManager scratch = TestModels.manager()) {
                for (Map.Entry<String, StoredTensor> e :
                        m.model().weights().mergedTensors("F32").entrySet()) {
                    inMemory.put(e.getKey(), floats(e.getValue(), scratch));
                }
            }
        }
        ModelCommand.export(ckpt, dir.resolve("f32"), "f32");
        ModelCommand.export(ckpt, dir.resolve("bf16"), "bf16");
        Map<String, float[]> f32 = stored(dir.resolve("f32"));
        Map<String, float[]> bf16 = stored(dir.resolve("bf16"));
        assertEquals(inMemory.keySet(), f32.keySet());
        int changed = 0;
        Map<String, float[]> plain = stored(base);
        for (String name : inMemory.keySet()) {
            assertArrayEquals(inMemory.get(name), f32.get(name), 0f, name);
            float[] rounded = inMemory.get(name);
            for (int i = 0; i < rounded.length; i++) {
                float r = bf16.get(name)[i];
                assertEquals(
                        rounded[i], r, Math.abs(rounded[i]) / 128 + 1e-30f, name + "[" + i + "]");
            }
            changed += java.util.Arrays.equals(plain.get(name), f32.get(name)) ? 0 : 1;
        }
        // the 7 adapted projections of each of the 2 layers moved; nothing else did
        assertEquals(14, changed);
    }

    private static Map<String, float[]> stored(Path folder) throws Exception {
        Map<String, float[]> out = new java.util.LinkedHashMap<>();
        try (WeightFiles.Opened files = WeightFiles.open(folder);
                NDManager scratch = TestModels.manager()) {
            for (Map.Entry<String, StoredTensor> e : files.tensors().entrySet()) {
                out.put(e.getKey(), floats(e.getValue(), scratch));
            }
        }
        assertTrue(!out.isEmpty());
        return out;
    }

    private static float[] floats(StoredTensor t, NDManager m) {
        return org.rlanything.neural.model.ArrayTensors.read(t, m, DataType.FLOAT32).toFloatArray();
    }
}
