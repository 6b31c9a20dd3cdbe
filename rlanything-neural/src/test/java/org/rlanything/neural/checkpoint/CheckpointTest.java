package org.rlanything.neural.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.neural.LoraFixture.TRAINER;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoTrainer;
import org.rlanything.neural.train.SplitMix64;

class CheckpointTest {

    private static final BpeTokenizer TOKENIZER =
            BpeTokenizer.train(List.of("go to desk 1", "open drawer 2"), 280);
    private static final ModelConfig CONFIG =
            new ModelConfig(TOKENIZER.vocabSize(), 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L);
    @TempDir Path dir;

    @Test
    void saveThenLoadGivesIdenticalLogProbabilities() throws Exception {
        List<int[]> prompts = List.of(TOKENIZER.encode("go to"), TOKENIZER.encode("open"));
        List<int[]> responses = List.of(TOKENIZER.encode(" desk 1"), TOKENIZER.encode(" drawer 2"));
        Path ckpt = dir.resolve("ckpt");
        try (NDManager root = TestModels.manager();
                LlamaModel model =
                        new LlamaModel(ModelWeights.initialise(CONFIG, DataType.FLOAT32, root))) {
            PpoTrainer trainer = new PpoTrainer(model, TRAINER);
            Checkpoint.save(ckpt, model, TOKENIZER, trainer, Map.of("note", "first"));
            trainer.update(TestModels.sequences(1, CONFIG.vocabSize()), new SplittableRandom(1));
            List<double[]> before = new SequenceScorer(model).score(prompts, responses);
            Checkpoint.save(ckpt, model, TOKENIZER, trainer, Map.of("note", "test"));
            try (var siblings = Files.list(dir)) {
                assertEquals(
                        List.of(ckpt),
                        siblings.toList(),
                        "an overwrite leaves no temporary folders");
            }
            Checkpoint.Loaded loaded = Checkpoint.load(ckpt, root, DataType.FLOAT32);
            try (LlamaModel copy = loaded.model()) {
                List<double[]> after = new SequenceScorer(copy).score(prompts, responses);
                for (int i = 0; i < before.size(); i++) {
                    assertArrayEquals(before.get(i), after.get(i), 0.0);
                }
                assertEquals(CONFIG, copy.config());
                assertArrayEquals(
                        TOKENIZER.toJson(),
                        ((org.rlanything.neural.tokenizer.BpeTokenizer) loaded.tokenizer())
                                .toJson());
                assertNotNull(loaded.trainer());
                assertEquals(trainer.state(), loaded.trainer().state());
                assertEquals("test", loaded.trainer().extras().get("note"));
            }
        }
        assertTrue(Files.exists(ckpt.resolve("model.safetensors")));
        String names =
                new String(
                        Files.readAllBytes(ckpt.resolve("model.safetensors")),
                        0,
                        400,
                        java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(
                names.contains("model.embed_tokens.weight") || names.contains("model.layers.0."),
                names);
    }

    /**
     * The project's layout, and multi-query attention with every attention bias and a tied head
     * (Hugging Face imports).
     */
    static List<ModelConfig> configs() {
        return List.of(CONFIG, CONFIG.withKeyValueHeads(1).withBiasesAndTying(true, true, true));
    }

    @ParameterizedTest
    @MethodSource("configs")
    void resumingMidTrainingReproducesTheUninterruptedRun(ModelConfig config) throws Exception {
        Map<String, float[]> uninterrupted;
        try (NDManager root = TestModels.manager();
                LlamaModel model =
                        new LlamaModel(ModelWeights.initialise(config, DataType.FLOAT32, root))) {
            Map<String, float[]> initial = snapshot(model);
            PpoTrainer trainer = new PpoTrainer(model, TRAINER);
            SplitMix64 rng = new SplitMix64(42);
            for (int update = 0; update < 4; update++) {
                trainer.update(TestModels.sequences(update, CONFIG.vocabSize()), rng);
            }
            uninterrupted = snapshot(model);
            for (String name : initial.keySet()) {
                assertFalse(
                        Arrays.equals(initial.get(name), uninterrupted.get(name)),
                        name + " is trained");
            }
        }
        Path ckpt = dir.resolve("mid");
        try (NDManager root = TestModels.manager();
                LlamaModel model =
                        new LlamaModel(ModelWeights.initialise(config, DataType.FLOAT32, root))) {
            PpoTrainer trainer = new PpoTrainer(model, TRAINER);
            SplitMix64 rng = new SplitMix64(42);
            for (int update = 0; update < 2; update++) {
                trainer.update(TestModels.sequences(update, CONFIG.vocabSize()), rng);
            }
            Checkpoint.save(ckpt, model, TOKENIZER, trainer, Map.of("rng_state", rng.state()));
        }
        try (NDManager root = TestModels.manager()) {
            Checkpoint.Loaded loaded = Checkpoint.load(ckpt, root, DataType.FLOAT32);
            try (LlamaModel model = loaded.model()) {
                PpoTrainer trainer = new PpoTrainer(model, TRAINER);
                loaded.trainer().restoreInto(trainer);
                SplitMix64 rng =
                        new SplitMix64(
                                ((Number) loaded.trainer().extras().get("rng_state")).longValue());
                for (int update = 2; update < 4; update++) {
                    trainer.update(TestModels.sequences(update, CONFIG.vocabSize()), rng);
                }
                Map<String, float[]> resumed = snapshot(model);
                for (String name : uninterrupted.keySet()) {
                    assertArrayEquals(uninterrupted.get(name), resumed.get(name), 0f, name);
                }
                assertEquals(4, trainer.state().updates());
                assertEquals(8, trainer.state().optimizerSteps());
                assertEquals(8, trainer.optimizer().stepCount());
            }
        }
    }

    @Test
    void corruptOrTruncatedCheckpointsAreRejectedNamingTheFile() throws Exception {
        Path ckpt = dir.resolve("good");
        try (NDManager root = TestModels.manager();
                LlamaModel model =
                        new LlamaModel(ModelWeights.initialise(CONFIG, DataType.FLOAT32, root))) {
            Checkpoint.save(ckpt, model, TOKENIZER, new PpoTrainer(model, TRAINER), Map.of());
        }
        byte[] weights = Files.readAllBytes(ckpt.resolve("model.safetensors"));
        try (NDManager root = TestModels.manager()) {
            Files.write(
                    ckpt.resolve("model.safetensors"),
                    Arrays.copyOf(weights, weights.length - 100));
            expectRejected(ckpt, root, "model.safetensors");
            byte[] flipped = weights.clone();
            flipped[flipped.length - 3] ^= 0x40;
            Files.write(ckpt.resolve("model.safetensors"), flipped);
            expectRejected(ckpt, root, "model.safetensors");
            Files.write(ckpt.resolve("model.safetensors"), weights);
            Files.writeString(ckpt.resolve("config.json"), "{\"model_type\": \"llama\"");
            expectRejected(ckpt, root, "config.json");
            Files.delete(ckpt.resolve("manifest.json"));
            expectRejected(ckpt, root, "manifest.json");
        }
    }

    private static void expectRejected(Path ckpt, NDManager root, String file) {
        CheckpointException e =
                assertThrows(
                        CheckpointException.class,
                        () -> Checkpoint.load(ckpt, root, DataType.FLOAT32));
        assertTrue(e.getMessage().contains(file), e.getMessage());
    }

    private static Map<String, float[]> snapshot(LlamaModel model) {
        Map<String, float[]> out = new java.util.LinkedHashMap<>();
        model.weights().all().forEach((k, v) -> out.put(k, v.toFloatArray()));
        return out;
    }
}
