package org.rlanything.neural.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.SafeTensors;
import org.rlanything.neural.io.TensorData;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.KvCache;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;

/**
 * Hugging Face export (a checkpoint folder) and import ({@link HfCheckpoint}), and the decoder
 * variants they need.
 */
class HfCheckpointTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final BpeTokenizer TOKENIZER =
            BpeTokenizer.train(List.of("go to desk 1", "open drawer 2", "go to desk 2"), 280);

    /** 4 query heads of size 8. */
    private static final ModelConfig BASE =
            new ModelConfig(TOKENIZER.vocabSize(), 32, 40, 2, 4, 48, 10000.0, 1e-6, 11L);

    private static final List<int[]> PROMPTS =
            List.of(prompt("go to"), prompt("open drawer"), prompt("go"));
    private static final List<int[]> RESPONSES =
            List.of(
                    TOKENIZER.encode(" desk 1"),
                    TOKENIZER.encode(" 2"),
                    TOKENIZER.encode(" to desk 2"));

    @TempDir Path dir;

    static Stream<Arguments> configs() {
        return Stream.of(
                Arguments.of("llama", BASE, "llama"),
                Arguments.of(
                        "gqa-qwen2-bias",
                        BASE.withKeyValueHeads(2).withBiasesAndTying(true, false, false),
                        "qwen2"),
                Arguments.of(
                        "mqa-llama-bias-tied",
                        BASE.withKeyValueHeads(1).withBiasesAndTying(true, true, true),
                        "llama"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configs")
    void exportThenImportGivesIdenticalLogProbabilities(
            String name, ModelConfig config, String modelType) throws Exception {
        Path folder = dir.resolve(name);
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, config, DataType.FLOAT32, 5)) {
            List<double[]> before = new SequenceScorer(model).score(PROMPTS, RESPONSES);
            Checkpoint.save(folder, model, TOKENIZER, null, null);
            Map<?, ?> hf = JSON.readValue(folder.resolve(Checkpoint.CONFIG).toFile(), Map.class);
            assertEquals(modelType, hf.get("model_type"));
            assertEquals(config.numKeyValueHeads(), hf.get("num_key_value_heads"));
            assertEquals(config.tieWordEmbeddings(), hf.get("tie_word_embeddings"));
            String header =
                    new String(
                            Files.readAllBytes(folder.resolve(Checkpoint.MODEL)),
                            0,
                            3000,
                            java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(
                    config.qkvBias(), header.contains("\"model.layers.0.self_attn.k_proj.bias\""));
            assertEquals(config.tieWordEmbeddings(), !header.contains("\"lm_head.weight\""));
            assertTrue(Files.isRegularFile(folder.resolve(Checkpoint.TOKENIZER_CONFIG)));
            Files.delete(folder.resolve(Checkpoint.MANIFEST));
            Checkpoint.Loaded imported = HfCheckpoint.load(folder, root, DataType.FLOAT32);
            try (LlamaModel copy = imported.model()) {
                assertEquals(config, copy.config());
                assertNull(imported.trainer());
                List<double[]> after = new SequenceScorer(copy).score(PROMPTS, RESPONSES);
                for (int i = 0; i < before.size(); i++) {
                    assertArrayEquals(before.get(i), after.get(i), 0.0, "response " + i);
                }
                assertArrayEquals(
                        TOKENIZER.toJson(),
                        ((org.rlanything.neural.tokenizer.BpeTokenizer) imported.tokenizer())
                                .toJson());
            }
        }
    }

    /**
     * Grouped-query attention must equal multi-head attention whose key/value heads are copies:
     * query head i reads key/value head i / (heads / kvHeads), as Hugging Face's {@code repeat_kv}.
     * Biases included.
     */
    @Test
    void groupedQueryAttentionEqualsMultiHeadAttentionWithRepeatedKeyValueHeads() {
        ModelConfig gqa = BASE.withKeyValueHeads(2).withBiasesAndTying(true, true, false);
        ModelConfig mha = gqa.withKeyValueHeads(4);
        int hd = gqa.headDim();
        try (NDManager root = TestModels.manager();
                LlamaModel grouped = TestModels.tiny(root, gqa, DataType.FLOAT64, 9)) {
            Map<String, TensorData> expanded = new LinkedHashMap<>();
            for (Map.Entry<String, TensorData> e : grouped.weights().tensorData().entrySet()) {
                boolean kv = e.getKey().contains("k_proj") || e.getKey().contains("v_proj");
                expanded.put(e.getKey(), kv ? repeatRows(e.getValue(), hd, 2) : e.getValue());
            }
            try (LlamaModel full =
                    new LlamaModel(
                            ModelWeights.fromTensors(
                                    mha, DataType.FLOAT64, expanded, root, "expanded"))) {
                List<double[]> a = new SequenceScorer(grouped).score(PROMPTS, RESPONSES);
                List<double[]> b = new SequenceScorer(full).score(PROMPTS, RESPONSES);
                for (int i = 0; i < a.size(); i++) {
                    assertArrayEquals(b.get(i), a.get(i), 1e-12, "response " + i);
                }
            }
            Map<String, TensorData> noBias = new LinkedHashMap<>(grouped.weights().tensorData());
            noBias.replaceAll(
                    (k, v) ->
                            k.endsWith(".bias")
                                    ? TensorData.ofDoubles(
                                            v.shape(), new double[v.toDoubles().length])
                                    : v);
            try (LlamaModel unbiased =
                    new LlamaModel(
                            ModelWeights.fromTensors(
                                    gqa, DataType.FLOAT64, noBias, root, "zeroed"))) {
                double[] biased = new SequenceScorer(grouped).score(PROMPTS, RESPONSES).get(0);
                double[] zeroed = new SequenceScorer(unbiased).score(PROMPTS, RESPONSES).get(0);
                assertTrue(
                        Math.abs(biased[0] - zeroed[0]) > 1e-6,
                        "the biases take part in the forward pass");
            }
        }
    }

    /**
     * The cache keeps unrepeated key/value heads; decoding one token at a time matches one full
     * pass.
     */
    @Test
    void groupedQueryAttentionWithTheCacheMatchesTheFullPass() {
        ModelConfig gqa = BASE.withKeyValueHeads(1).withBiasesAndTying(true, false, true);
        long[] ids = {1, 40, 50, 60, 70, 80};
        int t = ids.length;
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, gqa, DataType.FLOAT64, 3);
                NDManager step = root.newSubManager()) {
            long[] positions = new long[t];
            for (int i = 0; i < t; i++) {
                positions[i] = i;
            }
            double[] full =
                    model.forward(
                                    Inputs.longs(step, ids, 1, t),
                                    Inputs.longs(step, positions, 1, t),
                                    Inputs.causal(step, DataType.FLOAT64, t),
                                    null,
                                    false)
                            .toDoubleArray();
            KvCache cache = new KvCache(gqa.numLayers());
            int v = gqa.vocabSize();
            for (int i = 0; i < t; i++) {
                boolean[][] valid = {new boolean[i + 1]};
                java.util.Arrays.fill(valid[0], true);
                NDArray logits =
                        model.forward(
                                Inputs.longs(step, new long[] {ids[i]}, 1, 1),
                                Inputs.longs(step, new long[] {i}, 1, 1),
                                Inputs.padded(step, DataType.FLOAT64, valid, i, 1),
                                cache,
                                false);
                assertArrayEquals(
                        java.util.Arrays.copyOfRange(full, i * v, (i + 1) * v),
                        logits.toDoubleArray(),
                        1e-9,
                        "position " + i);
            }
        }
    }

    /**
     * A folder as {@code save_pretrained} writes it: BF16 weights, a tied head still stored, extra
     * keys.
     */
    @Test
    void importsAHuggingFaceFolderWithBf16WeightsAndExtraKeys() throws Exception {
        ModelConfig config = BASE.withKeyValueHeads(2).withBiasesAndTying(true, false, true);
        Path folder = dir.resolve("qwen2");
        Files.createDirectories(folder);
        Map<String, Object> hf = new LinkedHashMap<>(config.toHfConfig());
        hf.remove("rlanything_init_seed");
        hf.put("transformers_version", "4.46.0");
        hf.put("sliding_window", 4096);
        hf.put("attention_dropout", 0.0);
        hf.put("use_cache", true);
        hf.put("torch_dtype", "bfloat16");
        Files.write(folder.resolve(Checkpoint.CONFIG), JSON.writeValueAsBytes(hf));
        Files.write(folder.resolve(Checkpoint.TOKENIZER), TOKENIZER.toJson());
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, config, DataType.FLOAT32, 8)) {
            Map<String, TensorData> bf16 = new LinkedHashMap<>();
            Map<String, TensorData> rounded = new LinkedHashMap<>();
            for (Map.Entry<String, TensorData> e : model.weights().tensorData().entrySet()) {
                float[] f = e.getValue().toFloats();
                ByteBuffer b = ByteBuffer.allocate(2 * f.length).order(ByteOrder.LITTLE_ENDIAN);
                float[] r = new float[f.length];
                for (int i = 0; i < f.length; i++) {
                    short top = (short) (Float.floatToIntBits(f[i]) >>> 16);
                    b.putShort(top);
                    r[i] = Float.intBitsToFloat(top << 16);
                }
                bf16.put(e.getKey(), new TensorData("BF16", e.getValue().shape(), b.array()));
                rounded.put(e.getKey(), TensorData.ofFloats(e.getValue().shape(), r));
            }
            bf16.put("lm_head.weight", bf16.get("model.embed_tokens.weight"));
            bf16.put(
                    "model.layers.0.self_attn.rotary_emb.inv_freq",
                    TensorData.ofFloats(new long[] {4}, new float[4]));
            SafeTensors.write(folder.resolve(Checkpoint.MODEL), bf16, Map.of("format", "pt"));
            try (LlamaModel expected =
                            new LlamaModel(
                                    ModelWeights.fromTensors(
                                            config, DataType.FLOAT32, rounded, root, "rounded"));
                    LlamaModel imported =
                            HfCheckpoint.load(folder, root, DataType.FLOAT32).model()) {
                ModelConfig c = imported.config();
                assertEquals(
                        List.of(2, true, false, true, 0L),
                        List.of(
                                c.numKeyValueHeads(),
                                c.qkvBias(),
                                c.outputBias(),
                                c.tieWordEmbeddings(),
                                c.initSeed()));
                List<double[]> a = new SequenceScorer(expected).score(PROMPTS, RESPONSES);
                List<double[]> b = new SequenceScorer(imported).score(PROMPTS, RESPONSES);
                for (int i = 0; i < a.size(); i++) {
                    assertArrayEquals(a.get(i), b.get(i), 0.0);
                }
            }
        }
    }

    @Test
    void refusesWhatTheDecoderDoesNotImplementNamingFileAndKey() throws Exception {
        assertRefused(
                Map.of("rope_scaling", Map.of("type", "linear", "factor", 2.0)),
                "\"rope_scaling.rope_type\" to \"linear\"");
        assertRefused(
                Map.of("model_type", "mistral", "architectures", List.of("MistralForCausalLM")),
                "\"model_type\": \"mistral\"");
        assertRefused(Map.of("hidden_act", "gelu"), "\"hidden_act\"");
        assertRefused(
                Map.of(
                        "use_sliding_window",
                        true,
                        "model_type",
                        "qwen2",
                        "architectures",
                        List.of("Qwen2ForCausalLM")),
                "\"use_sliding_window\"");
        assertRefused(Map.of("num_key_value_heads", 3), "multiple of numKeyValueHeads");
        assertRefused(Map.of("head_dim", 7), "\"head_dim\" to 7");
        try (NDManager root = TestModels.manager();
                LlamaModel model =
                        TestModels.tiny(root, BASE.withKeyValueHeads(2), DataType.FLOAT32, 1)) {
            Path folder = dir.resolve("wrong-shape");
            Checkpoint.save(folder, model, TOKENIZER, null, null);
            Map<String, Object> hf = new LinkedHashMap<>(BASE.toHfConfig());
            Files.write(folder.resolve(Checkpoint.CONFIG), JSON.writeValueAsBytes(hf));
            CheckpointException e =
                    assertThrows(
                            CheckpointException.class,
                            () -> HfCheckpoint.load(folder, root, DataType.FLOAT32));
            assertTrue(
                    e.getMessage().contains("k_proj.weight")
                            && e.getMessage()
                                    .contains(folder.resolve("model.safetensors").toString()),
                    e.getMessage());
        }
    }

    private void assertRefused(Map<String, Object> changes, String expected) throws Exception {
        Path folder = Files.createTempDirectory(dir, "bad");
        Map<String, Object> hf = new LinkedHashMap<>(BASE.toHfConfig());
        hf.putAll(changes);
        Files.write(folder.resolve(Checkpoint.CONFIG), JSON.writeValueAsBytes(hf));
        Files.write(folder.resolve(Checkpoint.TOKENIZER), TOKENIZER.toJson());
        try (NDManager root = TestModels.manager()) {
            CheckpointException e =
                    assertThrows(
                            CheckpointException.class,
                            () -> HfCheckpoint.load(folder, root, DataType.FLOAT32));
            assertTrue(
                    e.getMessage().contains(expected)
                            && e.getMessage().contains(folder.resolve("config.json").toString()),
                    e.getMessage());
            assertFalse(e.getMessage().isBlank());
        }
    }

    /**
     * Each block of {@code hd} rows (one key/value head) repeated {@code times} times,
     * consecutively.
     */
    private static TensorData repeatRows(TensorData t, int hd, int times) {
        long[] shape = t.shape();
        double[] v = t.toDoubles();
        int rowLength = shape.length == 1 ? 1 : (int) shape[1];
        int heads = (int) shape[0] / hd;
        double[] out = new double[v.length * times];
        int at = 0;
        for (int h = 0; h < heads; h++) {
            for (int r = 0; r < times; r++) {
                System.arraycopy(v, h * hd * rowLength, out, at, hd * rowLength);
                at += hd * rowLength;
            }
        }
        long[] outShape = shape.clone();
        outShape[0] *= times;
        return TensorData.ofDoubles(outShape, out);
    }

    private static int[] prompt(String text) {
        int[] ids = TOKENIZER.encode(text);
        int[] out = new int[ids.length + 1];
        out[0] = BpeTokenizer.BOS;
        System.arraycopy(ids, 0, out, 1, ids.length);
        return out;
    }
}
