package org.rlanything.neural.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.rlanything.neural.LoraFixture.CONFIG;
import static org.rlanything.neural.LoraFixture.LORA;
import static org.rlanything.neural.LoraFixture.PROMPTS;
import static org.rlanything.neural.LoraFixture.RESPONSES;
import static org.rlanything.neural.LoraFixture.TRAINER;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.LoraFixture;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.SplitMix64;

/**
 * {@code base_dtype: f16}: a LoRA model holds its frozen projections in float16 and casts them to
 * float32 where it uses them. On a base whose weights float16 holds exactly (as it holds BF16
 * weights), scores and trained adapters equal those of the float32 base to the bit, with and
 * without recomputed layers, and a checkpoint resumes into float16 again.
 */
class HalfBaseTest {

    @TempDir Path dir;

    @Test
    void aHalfPrecisionBaseTrainsAndScoresAsTheFloat32One() throws Exception {
        Path base = LoraFixture.base(dir.resolve("base"), true);
        Trained plain = train(base, TRAINER);
        PpoSettings half = TRAINER.toBuilder().halfPrecisionBase(true).build();
        Trained halved = train(base, half);
        assertEquals(plain.adapters.keySet(), halved.adapters.keySet());
        for (String name : plain.adapters.keySet()) {
            assertArrayEquals(plain.adapters.get(name), halved.adapters.get(name), 0f, name);
        }
        assertScores(plain.scores, halved.scores, 0.0);
        Trained both = train(base, half.toBuilder().recomputeLayers(true).build());
        for (String name : plain.adapters.keySet()) {
            assertArrayEquals(plain.adapters.get(name), both.adapters.get(name), 1e-6f, name);
        }
        // a checkpoint of the half-precision run resumes into float16 and scores the same
        try (NeuralModel m = NeuralModel.load(dir.resolve("ckpt-" + half.hashCode()), half, true)) {
            assertHalf(m);
            assertScores(
                    halved.scores, new SequenceScorer(m.model()).score(PROMPTS, RESPONSES), 0.0);
        }
    }

    @Test
    void onlyALoraModelHoldsItsBaseInFloat16() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 3)) {
            assertThrows(IllegalStateException.class, () -> model.weights().halveFrozen());
        }
    }

    private record Trained(Map<String, float[]> adapters, List<double[]> scores) {}

    private Trained train(Path base, PpoSettings trainer) throws Exception {
        try (NeuralModel m = NeuralModel.loadFolder(base, trainer)) {
            if (trainer.halfPrecisionBase()) {
                // read into float16 as loaded: the projections are never held in float32
                assertEquals(
                        DataType.FLOAT16,
                        m.model().weights().get("model.layers.1.mlp.up_proj.weight").getDataType());
            }
            m.enableLora(LORA, 11, LoraBase.of(base));
            if (trainer.halfPrecisionBase()) {
                assertHalf(m);
            }
            SplitMix64 rng = new SplitMix64(42);
            for (int u = 0; u < 3; u++) {
                m.train(TestModels.sequences(u, CONFIG.vocabSize()), rng);
            }
            Map<String, float[]> adapters = new LinkedHashMap<>();
            m.model().weights().trainable().forEach((k, v) -> adapters.put(k, v.toFloatArray()));
            m.save(dir.resolve("ckpt-" + trainer.hashCode()), Map.of());
            return new Trained(adapters, new SequenceScorer(m.model()).score(PROMPTS, RESPONSES));
        }
    }

    /** The frozen projections in float16; the embedding, norms, biases and adapters float32. */
    private static void assertHalf(NeuralModel m) {
        for (Map.Entry<String, NDArray> e : m.model().weights().all().entrySet()) {
            boolean projection =
                    ModelWeights.LORA_TARGETS.stream()
                            .anyMatch(t -> e.getKey().endsWith(t + ".weight"));
            assertEquals(
                    projection ? DataType.FLOAT16 : DataType.FLOAT32,
                    e.getValue().getDataType(),
                    e.getKey());
        }
        for (NDArray a : m.model().weights().trainable().values()) {
            assertEquals(DataType.FLOAT32, a.getDataType());
        }
    }

    private static void assertScores(List<double[]> a, List<double[]> b, double tol) {
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.get(i), b.get(i), tol);
        }
    }
}
