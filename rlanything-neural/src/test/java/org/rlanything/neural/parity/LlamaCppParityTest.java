package org.rlanything.neural.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.tokenizer.HfTokenizer;

/**
 * This project's tokenizer and decoder against llama.cpp (node-llama-cpp 3.21.1's prebuilt
 * libllama), on tiny random-weight models with real vocabularies in three layouts: Llama 3 (llama3
 * rope scaling, untied head, grouped-query attention), Qwen2 (q/k/v biases, tied embeddings) and
 * Qwen3 (per-head q/k RMS norms, head_dim 32 with hidden 64 and 4 heads). Both sides read the same
 * weights: llama.cpp a GGUF file, this project the Hugging Face folder ({@link HfCheckpoint}).
 *
 * <p><b>Token ids:</b> every string of the fixture (llama.cpp's own vocabulary test strings,
 * ALFWorld observations, seeded strings of tricky characters, conversations rendered by each
 * model's chat template) encodes to exactly llama.cpp's ids. <b>Logits:</b> for each prompt,
 * float32 next-token logits centred on their mean equal llama.cpp's log-probabilities centred on
 * theirs (log p = logit − log Z, so centring removes the one constant) within {@link #TOLERANCE} of
 * the largest centred logit.
 */
class LlamaCppParityTest {

    /** Largest allowed |ours − llama.cpp| over a prompt's vocabulary, relative to max |logit|. */
    static final double TOLERANCE = 2e-5;

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"llama", "qwen2", "qwen3"})
    void tokenIdsEqualLlamaCpp(String layout) throws Exception {
        Path dir = ModelFixtures.layout(layout);
        JsonNode strings = JSON.readTree(dir.resolve("strings.json").toFile()).get("strings");
        JsonNode llamaCpp = JSON.readTree(dir.resolve("llama_cpp.json").toFile());
        // llama.cpp skips tokenizer.json's normalizer (Qwen's is NFC): where the tokenizer has one,
        // its ids of the string's NFC form are the reference
        boolean nfc =
                "NFC"
                        .equals(
                                JSON.readTree(dir.resolve("hf/tokenizer.json").toFile())
                                        .path("normalizer")
                                        .path("type")
                                        .asText());
        JsonNode reference = llamaCpp.get(nfc ? "nfc_string_ids" : "string_ids");
        assertEquals(strings.size(), reference.size());
        List<String> differing = new ArrayList<>();
        long tokens = 0;
        int notNfc = 0;
        try (HfTokenizer tokenizer = HfTokenizer.load(dir.resolve("hf"))) {
            for (int i = 0; i < strings.size(); i++) {
                String text = strings.get(i).asText();
                if (!java.text.Normalizer.isNormalized(text, java.text.Normalizer.Form.NFC)) {
                    notNfc++;
                }
                int[] ours = tokenizer.encode(text);
                int[] theirs = ints(reference.get(i));
                tokens += theirs.length;
                if (!Arrays.equals(ours, theirs)) {
                    differing.add(i + ": " + JSON.writeValueAsString(strings.get(i).asText()));
                }
            }
        }
        System.out.printf(
                "%s: %d strings (%d not in NFC%s), %d tokens, %d differ from llama.cpp%n",
                layout,
                strings.size(),
                notNfc,
                nfc ? ", compared in NFC" : "",
                tokens,
                differing.size());
        assertEquals(List.of(), differing.subList(0, Math.min(10, differing.size())));
        assertTrue(strings.size() >= 1000, "at least 1,000 strings, got " + strings.size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"llama", "qwen2", "qwen3"})
    void nextTokenLogitsEqualLlamaCpp(String layout) throws Exception {
        Path dir = ModelFixtures.layout(layout);
        JsonNode reference = JSON.readTree(dir.resolve("llama_cpp.json").toFile());
        JsonNode promptIds = reference.get("prompt_ids");
        int vocab = reference.get("vocab").asInt();
        ByteBuffer buf =
                ByteBuffer.wrap(Files.readAllBytes(dir.resolve("llama_cpp_logprobs.f64")))
                        .order(ByteOrder.LITTLE_ENDIAN);
        double worst = 0;
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Autograd.off();
            Checkpoint.Loaded loaded = HfCheckpoint.load(dir.resolve("hf"), root, DataType.FLOAT32);
            try (LlamaModel model = loaded.model();
                    var tokenizer = loaded.tokenizer()) {
                assertEquals(vocab, model.config().vocabSize());
                for (int p = 0; p < promptIds.size(); p++) {
                    int[] ids = ints(promptIds.get(p));
                    double[] ours = lastLogits(model, ids);
                    double[] theirs = new double[vocab];
                    for (int v = 0; v < vocab; v++) {
                        theirs[v] = buf.getDouble((p * vocab + v) * 8);
                    }
                    double error = relativeError(centred(ours), centred(theirs));
                    worst = Math.max(worst, error);
                    assertTrue(
                            error < TOLERANCE,
                            layout + " prompt " + p + ": relative error " + error);
                    assertEquals(argmax(theirs), argmax(ours), layout + " prompt " + p);
                }
            }
        }
        System.out.printf(
                "%s: %d prompts, max relative logit error %.3g (tolerance %.0e)%n",
                layout, promptIds.size(), worst, TOLERANCE);
    }

    static double[] lastLogits(LlamaModel model, int[] ids) {
        try (NDManager m = model.weights().manager().newSubManager()) {
            NDArray tokens = Inputs.longs(m, toLongs(ids), 1, ids.length);
            long[] pos = new long[ids.length];
            for (int i = 0; i < pos.length; i++) {
                pos[i] = i;
            }
            NDArray positions = Inputs.longs(m, pos, 1, ids.length);
            NDArray mask = Inputs.causal(m, model.dtype(), ids.length);
            float[] f = model.forward(tokens, positions, mask, null, true).toFloatArray();
            double[] out = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                out[i] = f[i];
            }
            return out;
        }
    }

    static double[] centred(double[] v) {
        double mean = Arrays.stream(v).average().orElse(0);
        return Arrays.stream(v).map(x -> x - mean).toArray();
    }

    static double relativeError(double[] ours, double[] theirs) {
        double diff = 0;
        double scale = 0;
        for (int i = 0; i < ours.length; i++) {
            diff = Math.max(diff, Math.abs(ours[i] - theirs[i]));
            scale = Math.max(scale, Math.abs(theirs[i]));
        }
        return diff / scale;
    }

    static int argmax(double[] v) {
        int best = 0;
        for (int i = 1; i < v.length; i++) {
            if (v[i] > v[best]) {
                best = i;
            }
        }
        return best;
    }

    static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }

    private static long[] toLongs(int[] ids) {
        return Arrays.stream(ids).asLongStream().toArray();
    }
}
