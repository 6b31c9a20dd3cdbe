package org.rlanything.neural.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.neural.LoraFixture.CONFIG;
import static org.rlanything.neural.LoraFixture.LORA;
import static org.rlanything.neural.LoraFixture.PROMPTS;
import static org.rlanything.neural.LoraFixture.RESPONSES;
import static org.rlanything.neural.LoraFixture.TOKENIZER;
import static org.rlanything.neural.LoraFixture.TRAINER;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.SafeTensors;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.train.SplitMix64;

/**
 * LoRA adapters: the base stays frozen bit for bit while only the adapters train; the optimizer and
 * the checkpoint hold adapters only (PEFT's layout) and name the base, which must not change; a
 * resumed run equals the uninterrupted one; merging gives a plain model with the same outputs.
 */
class LoraTest {

    @TempDir Path dir;

    private Path base() throws Exception {
        Path base = dir.resolve("base");
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 3)) {
            Checkpoint.save(base, model, TOKENIZER, null, null);
        }
        return base;
    }

    @Test
    void onlyAdaptersTrainAndResumeIsExact() throws Exception {
        Path base = base();
        Map<String, float[]> uninterrupted;
        Map<String, float[]> frozenBefore;
        try (NeuralModel m = NeuralModel.loadFolder(base, TRAINER)) {
            List<double[]> plain = scores(m);
            m.enableLora(LORA, 11, LoraBase.of(base));
            assertLogProbsEqual(plain, scores(m), 0.0); // B = 0: the model is unchanged
            frozenBefore = snapshot(m.model().weights().all());
            SplitMix64 rng = new SplitMix64(42);
            for (int u = 0; u < 4; u++) {
                m.train(TestModels.sequences(u, CONFIG.vocabSize()), rng);
            }
            Map<String, float[]> frozenAfter = snapshot(m.model().weights().all());
            for (String name : frozenBefore.keySet()) {
                assertArrayEquals(frozenBefore.get(name), frozenAfter.get(name), 0f, name);
            }
            uninterrupted = snapshot(m.model().weights().trainable());
            assertEquals(2 * 7 * CONFIG.numLayers(), uninterrupted.size());
            assertTrue(
                    m.trainer().optimizer().toTensors().keySet().stream()
                            .allMatch(k -> k.contains(".lora_")),
                    "only adapters have optimizer moments");
        }
        Path ckpt = dir.resolve("ckpt");
        try (NeuralModel m = NeuralModel.loadFolder(base, TRAINER)) {
            m.enableLora(LORA, 11, LoraBase.of(base));
            SplitMix64 rng = new SplitMix64(42);
            for (int u = 0; u < 2; u++) {
                m.train(TestModels.sequences(u, CONFIG.vocabSize()), rng);
            }
            m.save(ckpt, Map.of("rng_state", rng.state()));
        }
        assertFalse(Files.exists(ckpt.resolve(Checkpoint.MODEL)), "no frozen weights saved");
        assertTrue(
                Files.size(ckpt.resolve(PeftAdapter.WEIGHTS))
                        < Files.size(base.resolve(Checkpoint.MODEL)));
        Map<?, ?> peft =
                new ObjectMapper().readValue(ckpt.resolve(PeftAdapter.CONFIG).toFile(), Map.class);
        assertEquals("LORA", peft.get("peft_type"));
        assertEquals(4, peft.get("r"));
        assertEquals(
                List.of(
                        "q_proj",
                        "k_proj",
                        "v_proj",
                        "o_proj",
                        "gate_proj",
                        "up_proj",
                        "down_proj"),
                peft.get("target_modules"));
        assertTrue(
                SafeTensors.read(ckpt.resolve(PeftAdapter.WEIGHTS))
                        .tensors()
                        .containsKey(
                                "base_model.model.model.layers.0.self_attn.q_proj.lora_A.weight"));
        assertTrue(
                SafeTensors.read(ckpt.resolve(Checkpoint.OPTIMIZER)).tensors().keySet().stream()
                        .allMatch(k -> k.contains(".lora_")));
        try (NeuralModel m = NeuralModel.load(ckpt, TRAINER, true)) {
            SplitMix64 rng = new SplitMix64(((Number) extras(ckpt).get("rng_state")).longValue());
            for (int u = 2; u < 4; u++) {
                m.train(TestModels.sequences(u, CONFIG.vocabSize()), rng);
            }
            Map<String, float[]> resumed = snapshot(m.model().weights().trainable());
            for (String name : uninterrupted.keySet()) {
                assertArrayEquals(uninterrupted.get(name), resumed.get(name), 0f, name);
            }
            Map<String, float[]> frozen = snapshot(m.model().weights().all());
            for (String name : frozenBefore.keySet()) {
                assertArrayEquals(frozenBefore.get(name), frozen.get(name), 0f, name);
            }
            // merged: W + alpha/r B A, a plain model with the same outputs
            List<double[]> adapted = scores(m);
            Path merged = dir.resolve("merged");
            try (NDManager root = TestModels.manager();
                    LlamaModel plain =
                            new LlamaModel(
                                    ModelWeights.fromTensors(
                                            CONFIG,
                                            DataType.FLOAT32,
                                            m.model().weights().mergedTensors("F32"),
                                            root,
                                            "merged"))) {
                Checkpoint.save(merged, plain, TOKENIZER, null, null);
                assertLogProbsEqual(
                        adapted, new SequenceScorer(plain).score(PROMPTS, RESPONSES), 1e-5);
            }
        }
        // another base under the same folder name: refused
        Files.write(
                base.resolve(Checkpoint.MODEL),
                Files.readAllBytes(dir.resolve("merged").resolve(Checkpoint.MODEL)));
        CheckpointException e =
                assertThrows(
                        CheckpointException.class, () -> NeuralModel.load(ckpt, TRAINER, true));
        assertTrue(e.getMessage().contains("changed since"), e.getMessage());
    }

    private static List<double[]> scores(NeuralModel m) {
        return new SequenceScorer(m.model()).score(PROMPTS, RESPONSES);
    }

    private static void assertLogProbsEqual(List<double[]> a, List<double[]> b, double tol) {
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.get(i), b.get(i), tol);
        }
    }

    private static Map<?, ?> extras(Path ckpt) throws Exception {
        Map<?, ?> state =
                new ObjectMapper()
                        .readValue(ckpt.resolve(Checkpoint.TRAINER_STATE).toFile(), Map.class);
        return (Map<?, ?>) state.get("extras");
    }

    private static Map<String, float[]> snapshot(Map<String, ai.djl.ndarray.NDArray> arrays) {
        Map<String, float[]> out = new LinkedHashMap<>();
        arrays.forEach((k, v) -> out.put(k, v.toFloatArray()));
        return out;
    }
}
