package org.rlanything.cli.models;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.ndarray.NDManager;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.PolicyContext;
import org.rlanything.gui.GuiObservation;
import org.rlanything.gui.LegalActions;
import org.rlanything.gui.MiniwobTask;
import org.rlanything.gui.PageElement;
import org.rlanything.neural.ChatForm;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.PeftAdapter;
import org.rlanything.neural.io.ModelFixtureFolder;
import org.rlanything.neural.tokenizer.HfTokenizer;
import org.rlanything.testfixtures.SharedData;

/**
 * A real model in MiniWoB++'s loop: the tiny random Qwen3-shaped model with Qwen3's real tokenizer
 * and chat template (the parity fixture's Hugging Face folder) is the policy and the step judge of
 * {@code environment.kind: miniwob}, both named by {@code init} and both trained as LoRA adapters
 * of rank 4 (full fine-tuning is the ALFWorld and coding loop tests'; here it only made each
 * checkpoint 120 MB and each run 7 s slower), reading the chat form the {@code openai} kinds send
 * it ({@link ChatForm#HOUSEHOLD}: the instruction, the element list, the numbered legal actions).
 * The policy scores the legal actions after its chat prompt ({@code chat_actions: score}: a random
 * model writes no action, so free text would leave it nothing to learn from), sampled at
 * temperature 10 (a random model's sequence scores favour the shortest commands, the key presses;
 * at temperature 1 it never clicked the button here); the judge writes its verdict. One training
 * family (click-test) in one headless Chromium, one held-out family for one episode; with seed 8
 * some of iteration 1's four episodes win and some do not, so the policy has samples to learn from.
 * A run trains two iterations; another stops after one and is resumed to the second: every
 * checkpoint file equals the uninterrupted run's, byte for byte. Both models export to Hugging Face
 * folders (merged; the judge also as a PEFT adapter) that reload with the checkpoint's
 * log-probabilities (merged adapters round in float32: the trained policy within 1e-4, the judge,
 * which had no sample to learn from, within 1e-5).
 */
class ImportedMiniwobModelLoopTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir Path dir;

    private final LoopRuns runs = new LoopRuns();

    @Test
    void anImportedQwenActsAndJudgesInMiniwobResumesExactlyAndExportsBack() throws Exception {
        Path pages = SharedData.require("miniwob/html/miniwob");
        assertTrue(
                Files.isExecutable(CHROMIUM),
                "This test needs Debian's chromium at "
                        + CHROMIUM
                        + "; scripts/test installs it (apt-get install chromium chromium-driver).");
        Optional<Path> fixtures = ModelFixtureFolder.locate();
        if (fixtures.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(fixtures.isPresent(), ModelFixtureFolder.MISSING);
        Path hf = fixtures.get().resolve("qwen3").resolve("hf");

        Path config = dir.resolve("miniwob.yaml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "trainer: {seed: 8, iterations: 2, evaluate_every: 0, checkpoint_every: 1,"
                                + " keep_checkpoints: 3}",
                        "environment: {kind: miniwob, pages: "
                                + pages
                                + ", train: [click-test], eval: [click-button], eval_episodes: 1,"
                                + " max_steps: 3, browsers: 1}",
                        "policy: {kind: neural, optimizer_steps: 1, init: "
                                + hf
                                + ", lora_rank: 4, chat_actions: score, temperature: 10,"
                                + " max_tokens: 8, max_prompt_tokens: 900, learning_rate: 0.001}",
                        "reward_model: {kind: neural, optimizer_steps: 1, max_tokens: 4, init: "
                                + hf
                                + ", lora_rank: 4, learning_rate: 0.001}",
                        "algorithm: {tasks_per_iteration: 1, rollouts_per_task: 4,"
                                + " verdicts_per_step: 1, rewriter_samples: 1}",
                        ""));
        Path reference = dir.resolve("reference");
        runs.train(config, reference);
        assertActedAndLearned(reference);
        runs.trainResumedAndCompare(config, dir.resolve("resumed"), reference);

        Path last = LoopRuns.last(reference);
        Path judge = last.resolve("reward_model");
        assertTrue(Files.exists(judge.resolve(PeftAdapter.WEIGHTS)), "the judge holds adapters");
        assertTrue(
                Files.exists(last.resolve("policy").resolve(PeftAdapter.WEIGHTS)),
                "the policy holds adapters");
        LoopRuns.Exports exports = runs.export(last, dir);

        try (NDManager root = NeuralRuntime.engine().newBaseManager();
                HfTokenizer tokenizer = HfTokenizer.load(exports.policy())) {
            String prompt = ChatForm.of(tokenizer, ChatForm.HOUSEHOLD).policyPrompt(context());
            List<int[]> prompts = List.of(tokenizer.encode(prompt));
            List<int[]> responses = List.of(tokenizer.encode("\\boxed{click 4}<|im_end|>"));
            // the trained adapters merged (W + alpha/r B A) round in float32: 1.9e-5 on a
            // log-probability of -28 was seen
            LoopRuns.compare(
                    root, last.resolve("policy"), exports.policy(), prompts, responses, 1e-4);
            LoopRuns.compare(root, judge, exports.judge(), prompts, responses, 1e-5);
        }
    }

    /**
     * Iteration 1 trained the policy on its own episodes (their outcomes differed), every step took
     * one of click-test's legal actions, and the held-out family was evaluated.
     */
    private static void assertActedAndLearned(Path run) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode first = null;
        boolean evaluated = false;
        for (String line : Files.readAllLines(run.resolve("metrics.jsonl"))) {
            JsonNode node = json.readTree(line);
            evaluated |= node.has("val-core/miniwob/heldout_success");
            if (first == null && node.path("iteration").asInt() == 1 && node.has("actor/samples")) {
                first = node;
            }
        }
        assertTrue(first != null, "no training line for iteration 1 in metrics.jsonl");
        assertTrue(first.path("actor/samples").asDouble() > 0, first.toString());
        assertTrue(evaluated, "no held-out success in metrics.jsonl");
        // click-test's legal actions: a click on an element, or a common key (no text field)
        Pattern legal = Pattern.compile("click \\d+|press (Enter|Tab|Backspace|ctrl\\+[acv])");
        int steps = 0;
        for (String line : Files.readAllLines(run.resolve("trajectories.jsonl"))) {
            for (JsonNode step : json.readTree(line).path("steps")) {
                String action = step.path("action").asText();
                assertTrue(legal.matcher(action).matches(), action + " is no legal action");
                steps++;
            }
        }
        assertTrue(steps > 0, "trajectories.jsonl holds no step");
    }

    /** A click-test page as the environment shows it, for the log-probability comparison. */
    private static PolicyContext context() {
        GuiObservation page =
                new GuiObservation(
                        "Click the button.",
                        List.of(
                                new PageElement(
                                        4, "BUTTON", "Click Me!", null, 5, 90, 85, 85, false)),
                        null);
        return new PolicyContext(
                new MiniwobTask("click-test", URI.create("file:///click-test.html"), false),
                List.of(),
                page.text(),
                LegalActions.of(page));
    }
}
