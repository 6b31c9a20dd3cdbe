package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.testfixtures.SafeTensorsDamage;

/**
 * Issue 44, model folders (cases 8, 12, 15 and 16): {@code model import}, {@code plan} and {@code
 * score} refuse a config.json without {@code model_type} (a NullPointerException, exit 70), sizes
 * past what a model can be ({@code intermediate_size: 2^40} overflowed, exit 70; {@code
 * num_hidden_layers: 10^6} ran out of memory after 88 s), a missing config.json (reported as bad
 * JSON), weights holding a NaN or an infinity (imported and scored as {@code NaN}), options of no
 * size ({@code --rank -3}, {@code --width 0}) and an output folder nothing can be written in (which
 * named a temporary folder): each exit 2 in one line naming the file, key, tensor or option.
 */
@Timeout(300)
class HostileModelFoldersTest {

    @TempDir static Path shared;
    @TempDir Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path good;

    /** A tiny model as a Hugging Face folder (a checkpoint without its manifest). */
    @BeforeAll
    static void aSmallModelFolder() throws IOException {
        BpeTokenizer tokenizer = BpeTokenizer.train(List.of("go to desk 1", "open drawer 2"), 280);
        ModelConfig config =
                new ModelConfig(tokenizer.vocabSize(), 16, 24, 2, 2, 48, 10000.0, 1e-6, 4L);
        good = shared.resolve("good");
        try (NDManager root = NeuralRuntime.engine().newBaseManager();
                LlamaModel model =
                        new LlamaModel(ModelWeights.initialise(config, DataType.FLOAT32, root))) {
            Checkpoint.save(good, model, tokenizer, null, null);
        }
        Files.delete(good.resolve(Checkpoint.MANIFEST));
    }

    /** A copy of the good folder, its config.json changed by {@code edit}. */
    private Path folder(String name, java.util.function.Consumer<ObjectNode> edit)
            throws IOException {
        Path copy = Files.createDirectories(dir.resolve(name));
        try (Stream<Path> files = Files.list(good)) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        ObjectNode config = (ObjectNode) JSON.readTree(copy.resolve("config.json").toFile());
        edit.accept(config);
        JSON.writeValue(copy.resolve("config.json").toFile(), config);
        return copy;
    }

    private String[] score(Path folder) {
        return new String[] {
            "model", "score", folder.toString(), "--prompt", "go to", "--response", " desk 1"
        };
    }

    private String[] imported(Path folder) {
        return new String[] {
            "model",
            "import",
            "--from",
            folder.toString(),
            "--to",
            dir.resolve("to-" + folder.getFileName()).toString()
        };
    }

    /** import, plan and score each refuse {@code folder} in one line holding {@code words}. */
    private void refusedByAll(Path folder, String... words) {
        for (String[] command :
                List.of(
                        imported(folder),
                        new String[] {"model", "plan", folder.toString()},
                        score(folder))) {
            String message = Probe.refused(60, command);
            for (String w : words) {
                assertTrue(message.contains(w), String.join(" ", command) + ": " + message);
            }
        }
        assertFalse(Files.exists(dir.resolve("to-" + folder.getFileName())), "nothing imported");
    }

    @Test
    void theGoodFolderImportsPlansAndScores() {
        assertEquals(0, Probe.run(60, imported(good)).code());
        assertEquals(0, Probe.run(60, "model", "plan", good.toString()).code());
        Probe.Result scored = Probe.run(60, score(good));
        assertEquals(0, scored.code(), scored.text());
        assertFalse(scored.text().contains("NaN"), scored.text());
    }

    @Test
    void aConfigWithoutModelTypeOrWithImpossibleSizesIsRefused() throws IOException {
        Path untyped = folder("untyped", c -> c.remove("model_type"));
        refusedByAll(untyped, untyped.resolve("config.json").toString(), "\"model_type\": null");
        Path huge = folder("huge", c -> c.put("intermediate_size", 1L << 40));
        refusedByAll(huge, "\"intermediate_size\": 1099511627776; expected 1 to 1048576");
        Path deep = folder("deep", c -> c.put("num_hidden_layers", 1_000_000));
        long start = System.nanoTime();
        refusedByAll(deep, "\"num_hidden_layers\": 1000000; expected 1 to 1024");
        assertTrue((System.nanoTime() - start) / 1e9 < 30, "refused in seconds");
        Path bigger =
                folder(
                        "bigger",
                        c -> c.put("vocab_size", new java.math.BigInteger("1" + "0".repeat(30))));
        refusedByAll(bigger, "\"vocab_size\"");
    }

    @Test
    void aMissingOrNullConfigIsNamedAsSuch() throws IOException {
        Path missing = folder("missing", c -> {});
        Files.delete(missing.resolve("config.json"));
        refusedByAll(missing, "lacks config.json");
        Path none = folder("none", c -> {});
        Files.writeString(none.resolve("config.json"), "null");
        refusedByAll(none, "is null, not a JSON object");
        refusedByAll(dir.resolve("nowhere"), "does not exist");
    }

    @Test
    void weightsThatAreNotFiniteAreRefusedNamingTheTensor() throws IOException {
        String tensor = "model.layers.1.mlp.down_proj.weight";
        Path nan = folder("nan", c -> {});
        SafeTensorsDamage.setFloat(nan.resolve("model.safetensors"), tensor, 3, Float.NaN);
        Path weights = nan.resolve("model.safetensors");
        String importing = Probe.refused(60, imported(nan));
        assertTrue(
                importing.contains("\"" + tensor + "\" of " + weights + " holds NaN at element 3"),
                importing);
        assertFalse(Files.exists(dir.resolve("to-nan")), "nothing imported");
        try (Stream<Path> left = Files.list(dir)) {
            assertTrue(
                    left.noneMatch(p -> p.getFileName().toString().startsWith(".to-nan")),
                    "no temporary folder left");
        }
        String scoring = Probe.refused(60, score(nan));
        assertTrue(scoring.contains("\"" + tensor + "\" of " + weights + " holds NaN"), scoring);

        Path inf = folder("inf", c -> {});
        SafeTensorsDamage.setFloat(
                inf.resolve("model.safetensors"), "model.norm.weight", 0, Float.NEGATIVE_INFINITY);
        assertTrue(
                Probe.refused(60, imported(inf))
                        .contains(
                                "\"model.norm.weight\" of "
                                        + inf.resolve("model.safetensors")
                                        + " holds -Infinity at element 0"));
    }

    @Test
    void planOptionsOfNoSizeAndAnUnwritableOutputAreRefused() {
        for (String[] option :
                List.of(
                        new String[] {"--rank", "-3"},
                        new String[] {"--width", "0"},
                        new String[] {"--tokens-per-forward", "0"})) {
            String message =
                    Probe.refused(30, "model", "plan", good.toString(), option[0], option[1]);
            assertTrue(
                    message.contains(option[0] + " must be at least 1, got " + option[1]), message);
        }
        for (String[] command :
                List.of(
                        new String[] {
                            "model", "import", "--from", "" + good, "--to", "/proc/self/xx"
                        },
                        new String[] {"model", "export", "" + good, "--to", "/proc/self/xx"})) {
            String message = Probe.refused(30, command);
            assertTrue(
                    message.contains("--to /proc/self/xx: nothing can be written in /proc/self"),
                    message);
            assertFalse(message.contains(".xx."), "no temporary folder named: " + message);
        }
        String message =
                Probe.refused(
                        30,
                        "model",
                        "import",
                        "--from",
                        good.toString(),
                        "--to",
                        dir.resolve("no/such/place").toString());
        assertTrue(message.contains("does not exist"), message);
    }
}
