package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.testfixtures.SharedData;

/**
 * A policy made by {@code rlanything pretrain}, exported with {@code model export} and imported
 * back with {@code model import}: identical log-probabilities, and its {@code tokenizer.json} read
 * by Hugging Face's tokenizers (DJL) gives the project's ids on the ALFWorld texts.
 */
class ModelCommandTest {

    @TempDir Path dir;

    @Test
    void pretrainedPolicyExportsAndReimportsWithIdenticalLogProbabilities() throws Exception {
        Path data = null;
        try {
            data = AlfworldData.locate().root();
        } catch (IllegalStateException e) {
            SharedData.require(false, "The ALFWorld data folder (shared/data/alfworld)");
        }
        Path start = dir.resolve("start");
        Path exported = dir.resolve("hf");
        Path imported = dir.resolve("imported");
        run(
                0,
                "pretrain",
                "--seed",
                "5",
                "--out",
                start.toString(),
                "--train-games",
                "3",
                "--bc-steps",
                "3",
                "--rm-steps",
                "2",
                "--dagger-rounds",
                "0",
                "-q");
        run(0, "model", "export", start.resolve("policy").toString(), "--to", exported.toString());
        assertTrue(
                run(
                                2,
                                "model",
                                "export",
                                start.resolve("policy").toString(),
                                "--to",
                                exported.toString())
                        .contains("already exists"));
        Files.delete(exported.resolve(Checkpoint.MANIFEST));
        run(0, "model", "import", "--from", exported.toString(), "--to", imported.toString());

        List<String> texts = alfworldTexts(data);
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Checkpoint.Loaded original =
                    Checkpoint.load(start.resolve("policy"), root, DataType.FLOAT32);
            Checkpoint.Loaded hf = HfCheckpoint.load(exported, root, DataType.FLOAT32);
            Checkpoint.Loaded back = Checkpoint.load(imported, root, DataType.FLOAT32);
            var tok = original.tokenizer();
            List<int[]> prompts = new ArrayList<>();
            List<int[]> responses = new ArrayList<>();
            for (String text : texts.subList(0, 6)) {
                int[] ids = tok.encode(text.length() > 300 ? text.substring(0, 300) : text);
                int cut = Math.max(1, ids.length / 2);
                prompts.add(withBos(Arrays.copyOf(ids, cut)));
                responses.add(Arrays.copyOfRange(ids, cut, Math.min(ids.length, cut + 40)));
            }
            try (LlamaModel a = original.model();
                    LlamaModel b = hf.model();
                    LlamaModel c = back.model()) {
                List<double[]> before = new SequenceScorer(a).score(prompts, responses);
                List<double[]> viaHf = new SequenceScorer(b).score(prompts, responses);
                List<double[]> after = new SequenceScorer(c).score(prompts, responses);
                for (int i = 0; i < before.size(); i++) {
                    assertTrue(before.get(i).length > 0);
                    assertArrayEquals(before.get(i), viaHf.get(i), 0.0, "exported, response " + i);
                    assertArrayEquals(
                            before.get(i), after.get(i), 0.0, "re-imported, response " + i);
                }
                assertEquals(a.config(), c.config());
            }
            assertArrayEquals(
                    Files.readAllBytes(start.resolve("policy").resolve(Checkpoint.MODEL)),
                    Files.readAllBytes(imported.resolve(Checkpoint.MODEL)));

            try (HuggingFaceTokenizer hfTok =
                    HuggingFaceTokenizer.newInstance(
                            exported.resolve(Checkpoint.TOKENIZER),
                            Map.of("truncation", "false", "padding", "false"))) {
                long tokens = 0;
                for (String text : texts) {
                    long[] ours = Arrays.stream(tok.encode(text)).asLongStream().toArray();
                    assertArrayEquals(
                            ours,
                            hfTok.encode(text, false, false).getIds(),
                            () -> "ids of \"" + text + "\"");
                    tokens += ours.length;
                }
                assertTrue(tokens > 10_000, tokens + " tokens compared");
            }
        }
    }

    private String run(int expected, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        assertEquals(expected, code, String.join(" ", args) + "\n" + out + "\n" + err);
        return out + "\n" + err;
    }

    private static int[] withBos(int[] ids) {
        int[] out = new int[ids.length + 1];
        out[0] = BpeTokenizer.BOS;
        System.arraycopy(ids, 0, out, 1, ids.length);
        return out;
    }

    /**
     * Every string in the ALFWorld JSON files (game annotations, first observations, ReAct
     * transcripts).
     */
    private static List<String> alfworldTexts(Path data) throws Exception {
        List<String> out = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> walk = Files.walk(data)) {
            for (Path p : walk.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                collect(json.readTree(p.toFile()), out);
            }
        }
        out.removeIf(String::isBlank);
        return out;
    }

    private static void collect(JsonNode node, List<String> out) {
        if (node.isTextual()) {
            out.add(node.asText());
        }
        node.forEach(child -> collect(child, out));
    }
}
