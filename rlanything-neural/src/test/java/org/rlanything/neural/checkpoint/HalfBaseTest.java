package org.rlanything.neural.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.SplitMix64;
import org.rlanything.neural.train.TrainingSequence;

/**
 * {@code base_dtype: f16}: a LoRA model holds its frozen projections in float16 and casts them to
 * float32 where it uses them. On a base whose weights float16 holds exactly (as it holds BF16
 * weights), scores and trained adapters equal those of the float32 base to the bit, with and
 * without recomputed layers, and a checkpoint resumes into float16 again.
 */
class HalfBaseTest {

    private static final BpeTokenizer TOKENIZER =
            BpeTokenizer.train(List.of("go to desk 1", "open drawer 2"), 280);
    private static final ModelConfig CONFIG =
            new ModelConfig(TOKENIZER.vocabSize(), 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L)
                    .withKeyValueHeads(1)
                    .withBiasesAndTying(true, false, true);
    private static final PpoSettings TRAINER =
            PpoSettings.method()
                    .withLearningRate(5e-3)
                    .withOptimizerSteps(2)
                    .withLimits(16, 8)
                    .withResetOptimizerEachUpdate(false);
    private static final ModelWeights.Lora LORA = new ModelWeights.Lora(4, 8.0);

    @TempDir Path dir;

    @Test
    void aHalfPrecisionBaseTrainsAndScoresAsTheFloat32One() throws Exception {
        Path base = dir.resolve("base");
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 3)) {
            for (NDArray a : model.weights().all().values()) {
                // values float16 holds exactly, as it holds BF16 weights
                a.set(
                        a.toType(DataType.FLOAT16, false)
                                .toType(DataType.FLOAT32, false)
                                .toFloatArray());
            }
            Checkpoint.save(base, model, TOKENIZER, null, null);
        }
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
                m.train(data(u), rng);
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

    private static final List<int[]> PROMPTS =
            List.of(TOKENIZER.encode("go to"), TOKENIZER.encode("open"));
    private static final List<int[]> RESPONSES =
            List.of(TOKENIZER.encode(" desk 1"), TOKENIZER.encode(" drawer 2"));

    private static List<TrainingSequence> data(int update) {
        SplittableRandom r = new SplittableRandom(100 + update);
        List<TrainingSequence> out = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            out.add(
                    new TrainingSequence(
                            TestModels.randomTokens(r, 2 + r.nextInt(6), CONFIG.vocabSize()),
                            TestModels.randomTokens(r, 1 + r.nextInt(4), CONFIG.vocabSize()),
                            r.nextDouble() * 2 - 1));
        }
        return out;
    }
}
