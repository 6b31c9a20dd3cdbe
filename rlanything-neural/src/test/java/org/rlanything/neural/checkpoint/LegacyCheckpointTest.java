package org.rlanything.neural.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;

/**
 * A checkpoint written by the code before the Hugging Face tokenizer format (commit 3fa04a8, kept
 * in {@code src/test/resources/golden/legacy-checkpoint-v1}: a freshly initialised model, seed 77,
 * and a tokenizer trained on {@link #CORPUS} to 290 ids) still loads, and saved again it gives the
 * same ids in Hugging Face's tokenizers.
 */
class LegacyCheckpointTest {

    private static final List<String> CORPUS =
            List.of(
                    "go to desk 1",
                    "open drawer 2",
                    "go to desk 2",
                    "take pen 1 from desk 1",
                    "ünïcödé  spacing\n\ttabs");

    @TempDir Path dir;

    @Test
    void aCheckpointOfThePrivateFormatLoadsAndReSavesInTheHuggingFaceFormat() throws Exception {
        Path golden =
                Path.of(
                                getClass()
                                        .getResource("/golden/legacy-checkpoint-v1/manifest.json")
                                        .toURI())
                        .getParent();
        assertTrue(
                Files.readString(golden.resolve("tokenizer.json"))
                        .contains("\"rlanything-byte-bpe\""));
        BpeTokenizer retrained = BpeTokenizer.train(CORPUS, 290);
        ModelConfig config =
                new ModelConfig(retrained.vocabSize(), 16, 24, 2, 2, 32, 10000.0, 1e-6, 77L);
        List<int[]> prompts = List.of(prompt(retrained, "go to"), prompt(retrained, "take pen"));
        List<int[]> responses =
                List.of(retrained.encode(" desk 1"), retrained.encode(" 1 from drawer 2"));
        Path resaved = dir.resolve("resaved");
        try (NDManager root = TestModels.manager()) {
            Checkpoint.Loaded loaded = Checkpoint.load(golden, root, DataType.FLOAT32);
            try (LlamaModel old = loaded.model();
                    LlamaModel fresh =
                            new LlamaModel(
                                    ModelWeights.initialise(config, DataType.FLOAT32, root))) {
                assertEquals(config, old.config());
                assertArrayEquals(
                        retrained.toJson(),
                        ((org.rlanything.neural.tokenizer.BpeTokenizer) loaded.tokenizer())
                                .toJson(),
                        "the same merges, so the same ids");
                List<double[]> a = new SequenceScorer(old).score(prompts, responses);
                List<double[]> b = new SequenceScorer(fresh).score(prompts, responses);
                for (int i = 0; i < a.size(); i++) {
                    assertArrayEquals(b.get(i), a.get(i), 0.0);
                }
                Checkpoint.save(resaved, old, loaded.tokenizer(), null, null);
            }
        }
        assertTrue(Files.readString(resaved.resolve("tokenizer.json")).contains("\"BPE\""));
        BpeTokenizer legacy = BpeTokenizer.load(golden.resolve("tokenizer.json"));
        List<String> texts = new ArrayList<>(CORPUS);
        texts.add("go to drawer 12, then take 2 pens from desk 1!  \n");
        try (HuggingFaceTokenizer hf =
                HuggingFaceTokenizer.newInstance(resaved.resolve("tokenizer.json"), Map.of())) {
            for (String text : texts) {
                long[] ours = Arrays.stream(legacy.encode(text)).asLongStream().toArray();
                assertArrayEquals(ours, hf.encode(text, false, false).getIds(), text);
                assertEquals(text, hf.decode(ours, true));
            }
        }
        assertEquals(
                new String(retrained.toJson(), StandardCharsets.UTF_8),
                Files.readString(resaved.resolve("tokenizer.json")));
    }

    private static int[] prompt(BpeTokenizer tok, String text) {
        int[] ids = tok.encode(text);
        int[] out = new int[ids.length + 1];
        out[0] = BpeTokenizer.BOS;
        System.arraycopy(ids, 0, out, 1, ids.length);
        return out;
    }
}
