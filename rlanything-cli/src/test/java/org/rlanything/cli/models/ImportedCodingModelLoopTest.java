package org.rlanything.cli.models;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.coding.embedded.MiniEnvironmentConfig;
import org.rlanything.coding.embedded.MiniEnvironmentProvider;
import org.rlanything.coding.loop.CodingChat;
import org.rlanything.coding.loop.MiniPrompts;
import org.rlanything.coding.loop.MiniTask;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.neural.ChatForm;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.checkpoint.PeftAdapter;
import org.rlanything.neural.io.ModelFixtureFolder;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.TrainingSequence;

/**
 * A real model in the coding setting's loop: the tiny random Qwen3-shaped model with Qwen3's real
 * tokenizer and chat template (the parity fixture's Hugging Face folder) is the stack-language
 * policy and test writer of {@code environment.kind: coding-mini}, reading the setting's chat form
 * ({@link CodingChat#STACK_LANGUAGE}, the turns the endpoint kinds send) and writing free text read
 * by the endpoint kinds' parsers (the program line; the {@code TEST:} line).
 *
 * <p>A random model writes no program that passes a test, and then neither role gets a sample to
 * learn from; so the fixture is first given a short supervised warm start on the pool's problems,
 * through the same chat form: for each problem the reference program and a wrong one (the reference
 * plus {@code inc}), and a right and a wrong test. Its checkpoint is named by {@code policy.init}
 * (full fine-tuning) and {@code reward_model.init} (LoRA rank 4; sampled at temperature 1.5, so
 * that its tests differ and so do their consistency rewards). A run trains two iterations with
 * policy and test-writer samples; another run stops after one and is resumed to the second: every
 * checkpoint file equals the uninterrupted run's, byte for byte. Both models export to Hugging Face
 * folders (the test writer merged, and as a PEFT adapter) that reload with the checkpoint's
 * log-probabilities.
 */
class ImportedCodingModelLoopTest {

    private static final long SEED = 7;
    private static final int POOL = 1;
    private static final int TESTS = 4;
    private static final int WARM_STEPS = 8;
    private static final double WARM_RATE = 0.03;

    @TempDir Path dir;

    private final LoopRuns runs = new LoopRuns();

    @Test
    void anImportedQwenWritesProgramsAndTestsInTheLoopResumesExactlyAndExportsBack()
            throws Exception {
        Optional<Path> fixtures = ModelFixtureFolder.locate();
        if (fixtures.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(fixtures.isPresent(), ModelFixtureFolder.MISSING);
        Path hf = fixtures.get().resolve("qwen3").resolve("hf");
        List<MiniProblem> pool =
                MiniEnvironmentProvider.pool(
                        new MiniEnvironmentConfig(POOL, 1, TESTS, null, null, null), SEED);
        Path start = dir.resolve("start");
        long t0 = System.nanoTime();
        warmStart(hf, pool, start);
        System.out.printf("TIMING warm start: %.1f s%n", (System.nanoTime() - t0) / 1e9);

        Path config = dir.resolve("coding.yaml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "trainer: {seed: "
                                + SEED
                                + ", iterations: 2, evaluate_every: 0, checkpoint_every: 1,"
                                + " keep_checkpoints: 3}",
                        "environment: {kind: coding-mini, pool_size: "
                                + POOL
                                + ", tests: "
                                + TESTS
                                + ", eval_problems: 1, eval_rollouts: 1, eval_tests: 1}",
                        "policy: {kind: neural, optimizer_steps: 1, init: "
                                + start
                                + ", max_tokens: 16, max_prompt_tokens: 400, learning_rate: 0.001}",
                        "reward_model: {kind: neural, optimizer_steps: 1, max_tokens: 16, init: "
                                + start
                                + ", lora_rank: 4, learning_rate: 0.001, temperature: 1.5}",
                        "algorithm: {tasks_per_iteration: 1, rollouts_per_task: 4,"
                                + " verdicts_per_step: 4, rewriter_samples: 1}",
                        ""));
        Path reference = dir.resolve("reference");
        runs.train(config, reference);
        assertLearnedFromPrograms(reference, pool);
        runs.trainResumedAndCompare(config, dir.resolve("resumed"), reference);

        Path last = LoopRuns.last(reference);
        Path judge = last.resolve("reward_model");
        assertTrue(Files.exists(judge.resolve(PeftAdapter.WEIGHTS)), "the judge holds adapters");
        LoopRuns.Exports exports = runs.export(last, dir);

        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Checkpoint.Loaded exported =
                    HfCheckpoint.load(exports.policy(), root, DataType.FLOAT32);
            try (var model = exported.model();
                    var tokenizer = exported.tokenizer()) {
                ChatForm chat = ChatForm.of(tokenizer, CodingChat.STACK_LANGUAGE);
                MiniTask task = new MiniTask(pool.get(0));
                List<int[]> prompts = List.of(tokenizer.encode(chat.policyPrompt(context(task))));
                List<int[]> responses =
                        List.of(tokenizer.encode(pool.get(0).reference() + "<|im_end|>"));
                LoopRuns.compare(
                        root, last.resolve("policy"), exports.policy(), prompts, responses, 0.0);
                LoopRuns.compare(root, judge, exports.judge(), prompts, responses, 1e-5);
            }
        }
    }

    /**
     * Iteration 1 of the run trained both roles (the policy on its programs' pass ratios, the test
     * writer on its tests' consistency), and every saved program is one of the two the warm start
     * taught: the model read the chat prompt it was warm-started on, and the program parser read
     * its replies.
     */
    private static void assertLearnedFromPrograms(Path run, List<MiniProblem> pool)
            throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode first = null;
        for (String line : Files.readAllLines(run.resolve("metrics.jsonl"))) {
            JsonNode node = json.readTree(line);
            if (first == null && node.path("iteration").asInt() == 1 && node.has("actor/samples")) {
                first = node;
            }
        }
        assertTrue(first != null, "no training line for iteration 1 in metrics.jsonl");
        assertTrue(first.path("actor/samples").asDouble() > 0, first.toString());
        assertTrue(first.path("reward_model/samples").asDouble() > 0, first.toString());
        assertTrue(first.path("reward_model/test_parse_rate").asDouble() > 0, first.toString());
        Set<String> taught = new HashSet<>();
        pool.forEach(p -> taught.addAll(List.of(p.reference(), p.reference() + " inc")));
        List<String> programs = new ArrayList<>();
        for (String line : Files.readAllLines(run.resolve("trajectories.jsonl"))) {
            for (JsonNode step : json.readTree(line).path("steps")) {
                programs.add(step.path("action").asText());
            }
        }
        assertTrue(!programs.isEmpty(), "trajectories.jsonl holds no program");
        assertTrue(taught.containsAll(programs), programs + " are not among " + taught);
    }

    /**
     * The supervised warm start (see the class comment), through the stack language's chat form
     * rendered by the fixture's own template, saved as a checkpoint.
     */
    private static void warmStart(Path hf, List<MiniProblem> pool, Path to) throws Exception {
        try (NeuralModel model =
                NeuralModel.loadFolder(hf, PpoSettings.method().withLimits(400, 16))) {
            ChatForm chat = ChatForm.of(model.tokenizer(), CodingChat.STACK_LANGUAGE);
            List<TrainingSequence> batch = new ArrayList<>();
            for (MiniProblem problem : pool) {
                MiniTask task = new MiniTask(problem);
                int[] program = model.encodeChatPrompt(chat.policyPrompt(context(task))).tokens();
                batch.add(sequence(model, program, problem.reference()));
                batch.add(sequence(model, program, problem.reference() + " inc"));
                int[] test = model.encodeChatPrompt(chat.judgePrompt(request(task))).tokens();
                MiniTest right = problem.tests().get(0);
                batch.add(sequence(model, test, "TEST: " + right.format()));
                batch.add(sequence(model, test, "TEST: " + wrong(right).format()));
            }
            for (int step = 0; step < WARM_STEPS; step++) {
                model.trainSupervised(batch, WARM_RATE);
            }
            model.save(to, Map.of("role", "policy"));
        }
    }

    private static TrainingSequence sequence(NeuralModel model, int[] prompt, String response) {
        return new TrainingSequence(prompt, model.encodeResponse(response), 1.0);
    }

    /** A test whose last expected number is off by one: no correct program passes it. */
    private static MiniTest wrong(MiniTest test) {
        List<Long> output = new ArrayList<>(test.output());
        output.set(output.size() - 1, output.get(output.size() - 1) + 1);
        return new MiniTest(test.input(), output);
    }

    /** What the policy sees at a problem's one step. */
    private static PolicyContext context(MiniTask task) {
        return new PolicyContext(
                task, List.of(), MiniPrompts.policyPrompt(task.problem()), List.of());
    }

    /** The test writer's request for a problem (a one-step trajectory stands for the task). */
    private static JudgeRequest request(MiniTask task) {
        Step step =
                new Step(
                        0,
                        MiniPrompts.policyPrompt(task.problem()),
                        List.of(),
                        new Action("", "", 0.0, null),
                        "",
                        StepLabel.UNKNOWN,
                        StepLabel.UNKNOWN);
        return new JudgeRequest(new Trajectory(task, 0, List.of(step), false), 0);
    }
}
