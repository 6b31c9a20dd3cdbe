package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;

/**
 * Recomputed layers ({@code recompute_layers}) give the update of the plain backward pass: a full
 * update of a model with a tied head, grouped-query attention and biases (the embedding trains from
 * both ends), and a LoRA update, in float64 so that only the order of additions can differ.
 */
class LayerRecomputeTest {

    private static final ModelConfig VARIANTS =
            PpoTrainerTest.CONFIG.withKeyValueHeads(1).withBiasesAndTying(true, true, true);

    @Test
    void aFullUpdateEqualsThePlainOne() {
        Map<String, float[]> plain = trained(VARIANTS, false, false);
        Map<String, float[]> recomputed = trained(VARIANTS, false, true);
        assertSame(plain, recomputed);
    }

    @Test
    void aLoraUpdateEqualsThePlainOne() {
        Map<String, float[]> plain = trained(PpoTrainerTest.CONFIG, true, false);
        Map<String, float[]> recomputed = trained(PpoTrainerTest.CONFIG, true, true);
        assertSame(plain, recomputed);
    }

    private static void assertSame(Map<String, float[]> plain, Map<String, float[]> recomputed) {
        assertEquals(plain.keySet(), recomputed.keySet());
        for (String name : plain.keySet()) {
            assertArrayEquals(plain.get(name), recomputed.get(name), 1e-6f, name);
        }
    }

    /** The trainable weights after one update (and the frozen ones, which must not move). */
    private static Map<String, float[]> trained(
            ModelConfig config, boolean lora, boolean recompute) {
        List<PpoSample> data = new ArrayList<>(PpoTrainerTest.samples(11, 8, 2.0));
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, config, DataType.FLOAT64, 9L)) {
            if (lora) {
                model.weights().addLora(new ModelWeights.Lora(4, 8.0), 3L);
                perturbAdapters(model);
            }
            Map<String, float[]> before = PpoTrainerTest.snapshot(model);
            new PpoTrainer(
                            model,
                            PpoTrainerTest.TRAINER.toBuilder()
                                    .maxTokensPerForward(30)
                                    .recomputeLayers(recompute)
                                    .build())
                    .update(data, new SplittableRandom(5));
            Map<String, float[]> after = PpoTrainerTest.snapshot(model);
            for (Map.Entry<String, NDArray> e : model.weights().trainable().entrySet()) {
                after.put(
                        "trainable " + e.getKey(),
                        e.getValue().toType(DataType.FLOAT32, false).toFloatArray());
            }
            String moved = lora ? "trainable model.layers.0.mlp.down_proj.lora_B.weight" : null;
            if (moved != null) {
                assertNotEquals(0f, after.get(moved)[0], "the adapters trained");
            } else {
                assertNotEquals(
                        before.get("model.embed_tokens.weight")[0],
                        after.get("model.embed_tokens.weight")[0]);
            }
            return after;
        }
    }

    /** LoRA's B starts at zero, which leaves A without a gradient; both get values here. */
    private static void perturbAdapters(LlamaModel model) {
        SplittableRandom rng = new SplittableRandom(17);
        for (NDArray a : model.weights().trainable().values()) {
            double[] v = a.toType(DataType.FLOAT64, false).toDoubleArray();
            for (int i = 0; i < v.length; i++) {
                v[i] = v[i] + 0.2 * (rng.nextDouble() - 0.5);
            }
            a.set(v);
        }
    }
}
