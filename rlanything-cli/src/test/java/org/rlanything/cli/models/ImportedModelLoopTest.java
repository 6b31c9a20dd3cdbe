package org.rlanything.cli.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.checkpoint.PeftAdapter;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.io.ModelFixtureFolder;
import org.rlanything.neural.tokenizer.HfTokenizer;
import org.rlanything.testfixtures.SharedData;

/**
 * A real model in the loop: a tiny random Qwen3-shaped model with Qwen3's real tokenizer and chat
 * template (the parity fixture's Hugging Face folder) is imported with {@code model import}, named
 * by {@code policy.init} (full fine-tuning) and, as the Hugging Face folder itself, by {@code
 * reward_model.init} with LoRA adapters; an ALFWorld run trains it for one iteration, then another
 * run stops after one iteration and is resumed to the second: every checkpoint file equals the
 * uninterrupted run's, byte for byte. Both models export back to Hugging Face folders (the judge
 * merged, and as a PEFT adapter) that reload with the checkpoint's log-probabilities.
 */
class ImportedModelLoopTest {

    @TempDir Path dir;

    private final LoopRuns runs = new LoopRuns();

    @Test
    void anImportedQwenTrainsInTheLoopResumesExactlyAndExportsBack() throws Exception {
        try {
            AlfworldData.locate();
        } catch (RuntimeException e) {
            SharedData.require(false, "The ALFWorld data folder (shared/data/alfworld)");
        }
        Optional<Path> fixtures = ModelFixtureFolder.locate();
        if (fixtures.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(fixtures.isPresent(), ModelFixtureFolder.MISSING);
        Path hf = fixtures.get().resolve("qwen3").resolve("hf");
        Path imported = dir.resolve("imported");
        assertEquals(
                0,
                runs.cli("model", "import", "--from", hf.toString(), "--to", imported.toString()),
                runs.output());
        assertImportedUnchanged(hf, imported);

        Path config = dir.resolve("qwen.yaml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "trainer: {seed: 7, iterations: 2, evaluate_every: 0, checkpoint_every: 1, keep_checkpoints: 3}",
                        "environment: {kind: alfworld, pool_size: 2, pool_offset: 1000, max_steps: 4, eval_generated_games: 1,"
                                + " eval_real_games: false, eval_rollouts: 1, eval_max_steps: 4, eval_verdicts: 1}",
                        "policy: {kind: neural, optimizer_steps: 1, init: "
                                + imported
                                + ", max_tokens: 6,"
                                + " max_prompt_tokens: 900, learning_rate: 0.001}",
                        "reward_model: {kind: neural, optimizer_steps: 1, max_tokens: 4, init: "
                                + hf
                                + ", lora_rank: 4, learning_rate: 0.001}",
                        "algorithm: {tasks_per_iteration: 1, rollouts_per_task: 2, verdicts_per_step: 1, rewriter_samples: 1}",
                        ""));
        Path reference = dir.resolve("reference");
        runs.train(config, reference);
        runs.trainResumedAndCompare(config, dir.resolve("resumed"), reference);

        Path last = LoopRuns.last(reference);
        Path judge = last.resolve("reward_model");
        assertTrue(
                Files.exists(judge.resolve(PeftAdapter.WEIGHTS)),
                "the judge checkpoint holds adapters");
        assertFalse(Files.exists(judge.resolve(Checkpoint.MODEL)), "and not the frozen weights");
        LoopRuns.Exports exports = runs.export(last, dir);

        try (NDManager root = NeuralRuntime.engine().newBaseManager();
                HfTokenizer tokenizer = HfTokenizer.load(exports.policy())) {
            List<int[]> prompts =
                    List.of(
                            tokenizer.encode(
                                    "<|im_start|>user\nYou are in the middle of a room.<|im_end|>\n<|im_start|>assistant\n"));
            List<int[]> responses = List.of(tokenizer.encode("\\boxed{go to fridge 1}<|im_end|>"));
            LoopRuns.compare(
                    root, last.resolve("policy"), exports.policy(), prompts, responses, 0.0);
            LoopRuns.compare(root, judge, exports.judge(), prompts, responses, 1e-5);
        }
    }

    @Test
    void importsLlama3AndQwen2FoldersWithTheirOwnTokenizers() throws Exception {
        Optional<Path> fixtures = ModelFixtureFolder.locate();
        if (fixtures.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(fixtures.isPresent(), ModelFixtureFolder.MISSING);
        for (String layout : List.of("llama", "qwen2")) { // qwen3: the loop test
            Path hf = fixtures.get().resolve(layout).resolve("hf");
            Path imported = dir.resolve("imported-" + layout);
            assertEquals(
                    0,
                    runs.cli(
                            "model",
                            "import",
                            "--from",
                            hf.toString(),
                            "--to",
                            imported.toString()),
                    runs.output());
            assertImportedUnchanged(hf, imported);
            try (NDManager root = NeuralRuntime.engine().newBaseManager();
                    HfTokenizer tokenizer = HfTokenizer.load(imported)) {
                List<int[]> prompts = List.of(tokenizer.encode("You are in the middle of a room."));
                List<int[]> responses = List.of(tokenizer.encode(" go to fridge 1"));
                Checkpoint.Loaded a = Checkpoint.load(imported, root, DataType.FLOAT32);
                Checkpoint.Loaded b = HfCheckpoint.load(hf, root, DataType.FLOAT32);
                try (var ma = a.model();
                        var mb = b.model();
                        var ta = a.tokenizer();
                        var tb = b.tokenizer()) {
                    assertEquals(mb.config(), ma.config());
                    assertArrayEquals(
                            new SequenceScorer(mb).score(prompts, responses).get(0),
                            new SequenceScorer(ma).score(prompts, responses).get(0),
                            0.0,
                            layout);
                }
            }
        }
    }

    /** The tokenizer files of an import are the Hugging Face folder's, byte for byte. */
    private static void assertImportedUnchanged(Path hf, Path imported) throws Exception {
        for (String file :
                List.of("tokenizer.json", "tokenizer_config.json", "generation_config.json")) {
            assertArrayEquals(
                    Files.readAllBytes(hf.resolve(file)),
                    Files.readAllBytes(imported.resolve(file)),
                    hf + ": " + file + " is carried unchanged");
        }
    }
}
