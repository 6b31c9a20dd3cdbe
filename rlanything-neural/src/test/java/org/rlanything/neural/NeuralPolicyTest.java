package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.ChoiceSequence;
import org.rlanything.neural.train.PpoSettings;

class NeuralPolicyTest {

    private static final List<String> COMMANDS =
            List.of("go to fridge 1", "open fridge 1", "take apple 1 from countertop 1");

    static NeuralModel smallModel(PpoSettings trainer) {
        BpeTokenizer tokenizer = BpeTokenizer.train(AdapterFixtures.CORPUS, 300);
        ModelConfig config =
                new ModelConfig(tokenizer.vocabSize(), 32, 64, 2, 2, 160, 10000.0, 1e-6, 21L);
        return NeuralModel.create(config, tokenizer, trainer);
    }

    static final PpoSettings TRAINER =
            PpoSettings.method()
                    .withLearningRate(1e-2)
                    .withLimits(128, 24)
                    .withMaxTokensPerForward(4096);

    private static PolicyContext context(List<String> admissible) {
        return new PolicyContext(
                AdapterFixtures.TASK,
                List.of(AdapterFixtures.step(0, "go to fridge 1", null)),
                "You arrive at fridge 1.",
                admissible);
    }

    @Test
    void choosesAdmissibleCommandsEncodingThePromptOnce() {
        try (NeuralModel model = smallModel(TRAINER)) {
            NeuralPolicy policy =
                    new NeuralPolicy(
                            model,
                            GenericPromptFormat.defaults(),
                            new SamplingConfig(0.8, 1.0, 16));
            PolicyContext ctx = context(COMMANDS);
            long before = model.model().tokensProcessed();
            Action a = policy.act(List.of(ctx), List.of(new SplittableRandom(1))).get(0);
            long processed = model.model().tokensProcessed() - before;
            TokenRecord record = (TokenRecord) a.payload();
            int candidateTokens = 0;
            for (String c : COMMANDS) {
                candidateTokens += model.encodeResponse(c).length - 1;
            }
            assertEquals(
                    record.prompt().length + candidateTokens,
                    processed,
                    "the prompt is encoded once, then only candidate tokens (the last one of each predicts nothing)");
            assertTrue(COMMANDS.contains(a.command()));
            assertEquals(a.command(), a.response());
            assertArrayEquals(model.encodeResponse(a.command()), record.response());
            assertEquals(record.logProb(), a.logProb(), 1e-12);
            assertTrue(record.choiceLogProb() < 0);
            Action again = policy.act(List.of(ctx), List.of(new SplittableRandom(1))).get(0);
            assertEquals(
                    a, new Action(again.command(), again.response(), again.logProb(), a.payload()));
        }
    }

    @Test
    void batchesMixedContextsAndGeneratesFreeText() {
        try (NeuralModel model = smallModel(TRAINER)) {
            NeuralPolicy policy =
                    new NeuralPolicy(
                            model,
                            GenericPromptFormat.defaults(),
                            new SamplingConfig(1.0, 0.95, 8));
            List<PolicyContext> contexts =
                    List.of(context(COMMANDS), context(List.of()), context(COMMANDS.subList(0, 2)));
            List<RandomGenerator> rngs =
                    List.of(
                            new SplittableRandom(1),
                            new SplittableRandom(2),
                            new SplittableRandom(3));
            List<Action> batched = policy.act(contexts, rngs);
            assertEquals(3, batched.size());
            TokenRecord free = (TokenRecord) batched.get(1).payload();
            assertTrue(free.response().length >= 1 && free.response().length <= 8);
            assertTrue(Double.isNaN(free.choiceLogProb()));
            assertEquals(free.logProb(), batched.get(1).logProb(), 1e-12);
            for (int i = 0; i < 3; i++) {
                Action alone =
                        policy.act(List.of(contexts.get(i)), List.of(new SplittableRandom(i + 1)))
                                .get(0);
                assertEquals(batched.get(i).command(), alone.command(), "context " + i);
                assertEquals(batched.get(i).logProb(), alone.logProb(), 1e-4);
            }
        }
    }

    @Test
    void positiveAdvantagesMakeTheRewardedCommandLikelier() {
        try (NeuralModel model = smallModel(TRAINER.withOptimizerSteps(2))) {
            NeuralPolicy policy =
                    new NeuralPolicy(
                            model,
                            GenericPromptFormat.defaults(),
                            new SamplingConfig(1.0, 1.0, 16));
            PolicyContext ctx = context(COMMANDS);
            double before = choiceProbability(policy, ctx, "open fridge 1");
            for (int iteration = 0; iteration < 3; iteration++) {
                List<PolicySample> samples = new ArrayList<>();
                List<RandomGenerator> rngs = new ArrayList<>();
                List<PolicyContext> contexts = new ArrayList<>();
                for (int k = 0; k < 8; k++) {
                    rngs.add(new SplittableRandom(iteration * 100 + k));
                    contexts.add(ctx);
                }
                List<Action> actions = policy.act(contexts, rngs);
                for (Action a : actions) {
                    Step step =
                            new Step(
                                    1,
                                    ctx.observation(),
                                    ctx.admissibleActions(),
                                    a,
                                    "ok",
                                    StepLabel.UNKNOWN);
                    Trajectory t =
                            new Trajectory(
                                    AdapterFixtures.TASK,
                                    0,
                                    List.of(ctx.history().get(0), step),
                                    a.command().equals("open fridge 1"));
                    samples.add(
                            new PolicySample(
                                    t, step, a.command().equals("open fridge 1") ? 1.0 : -0.5));
                }
                UpdateStats stats = policy.update(samples, new SplittableRandom(iteration));
                assertTrue(stats.metrics().get("samples") == 8.0);
            }
            double after = choiceProbability(policy, ctx, "open fridge 1");
            assertTrue(after > before + 0.05, "before " + before + ", after " + after);
        }
    }

    @Test
    void samplesWithoutPayloadAreReRenderedIdentically() {
        try (NeuralModel model = smallModel(TRAINER)) {
            NeuralPolicy policy =
                    new NeuralPolicy(
                            model,
                            GenericPromptFormat.defaults(),
                            new SamplingConfig(1.0, 1.0, 16));
            PolicyContext ctx = context(COMMANDS);
            Action a = policy.act(List.of(ctx), List.of(new SplittableRandom(4))).get(0);
            Step withPayload =
                    new Step(
                            1,
                            ctx.observation(),
                            ctx.admissibleActions(),
                            a,
                            "ok",
                            StepLabel.UNKNOWN);
            Step without =
                    new Step(
                            1,
                            ctx.observation(),
                            ctx.admissibleActions(),
                            new Action(a.command(), a.response(), a.logProb(), null),
                            "ok",
                            StepLabel.UNKNOWN);
            Trajectory t1 =
                    new Trajectory(
                            AdapterFixtures.TASK,
                            0,
                            List.of(ctx.history().get(0), withPayload),
                            false);
            Trajectory t2 =
                    new Trajectory(
                            AdapterFixtures.TASK, 0, List.of(ctx.history().get(0), without), false);
            var s1 = (ChoiceSequence) policy.sequence(new PolicySample(t1, withPayload, 1.0));
            var s2 = (ChoiceSequence) policy.sequence(new PolicySample(t2, without, 1.0));
            assertArrayEquals(s1.prompt(), s2.prompt());
            assertEquals(s1.chosen(), s2.chosen());
            assertEquals(s1.temperature(), s2.temperature());
            assertEquals(s1.candidates().size(), s2.candidates().size());
            for (int j = 0; j < s1.candidates().size(); j++) {
                assertArrayEquals(s1.candidates().get(j), s2.candidates().get(j));
            }
        }
    }

    @Test
    void overLongPromptsActOnTheirTailAndAreDroppedWithTheirAdvantage() {
        try (NeuralModel model = smallModel(TRAINER.withLimits(12, 24))) {
            NeuralPolicy policy =
                    new NeuralPolicy(
                            model,
                            GenericPromptFormat.defaults(),
                            new SamplingConfig(1.0, 1.0, 16));
            PolicyContext ctx = context(COMMANDS);
            Action a = policy.act(List.of(ctx), List.of(new SplittableRandom(5))).get(0);
            TokenRecord record = (TokenRecord) a.payload();
            assertTrue(record.promptTruncated());
            assertEquals(12, record.prompt().length);
            Step step =
                    new Step(
                            1,
                            ctx.observation(),
                            ctx.admissibleActions(),
                            a,
                            "ok",
                            StepLabel.UNKNOWN);
            Trajectory t =
                    new Trajectory(
                            AdapterFixtures.TASK, 0, List.of(ctx.history().get(0), step), true);
            UpdateStats stats =
                    policy.update(List.of(new PolicySample(t, step, 1.0)), new SplittableRandom(1));
            assertEquals(1.0, stats.metrics().get("dropped_long_prompts"));
            assertEquals(0.0, stats.metrics().get("samples"));
        }
    }

    private static double choiceProbability(
            NeuralPolicy policy, PolicyContext ctx, String command) {
        Action a = policy.act(List.of(ctx), List.of(new SplittableRandom(0))).get(0);
        // Recompute the choice distribution from the scores of all commands.
        NeuralModel m = policy.model();
        List<int[]> cands = new ArrayList<>();
        for (String c : ctx.admissibleActions()) {
            cands.add(m.encodeResponse(c));
        }
        List<double[]> lps =
                m.scoreCandidates(List.of(((TokenRecord) a.payload()).prompt()), List.of(cands))
                        .get(0);
        double[] seq = lps.stream().mapToDouble(x -> java.util.Arrays.stream(x).sum()).toArray();
        double[] logp = org.rlanything.neural.infer.TokenSampler.logSoftmax(seq, 1.0);
        return Math.exp(logp[ctx.admissibleActions().indexOf(command)]);
    }
}
