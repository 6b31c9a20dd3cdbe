package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainingSequence;

class NeuralRewardModelTest {

    @Test
    void judgesMTimesPerStepDeterministically() {
        try (NeuralModel model = NeuralPolicyTest.smallModel(NeuralPolicyTest.TRAINER)) {
            NeuralRewardModel rm =
                    new NeuralRewardModel(
                            model, GenericPromptFormat.defaults(), new SamplingConfig(0.8, 1.0, 6));
            Trajectory t = AdapterFixtures.trajectory("go to fridge 1", "open fridge 1");
            List<JudgeRequest> requests = List.of(new JudgeRequest(t, 0), new JudgeRequest(t, 1));
            List<List<Judgment>> a =
                    rm.judge(
                            requests, 3, List.of(new SplittableRandom(1), new SplittableRandom(2)));
            List<List<Judgment>> b =
                    rm.judge(
                            requests, 3, List.of(new SplittableRandom(1), new SplittableRandom(2)));
            assertEquals(2, a.size());
            for (int i = 0; i < 2; i++) {
                assertEquals(3, a.get(i).size());
                for (int j = 0; j < 3; j++) {
                    assertEquals(a.get(i).get(j).text(), b.get(i).get(j).text());
                    assertEquals(Verdict.parse(a.get(i).get(j).text()), a.get(i).get(j).verdict());
                }
            }
        }
    }

    @Test
    void learnsToEndWithAPositiveVerdictFromRewardedJudgments() {
        try (NeuralModel model =
                NeuralPolicyTest.smallModel(NeuralPolicyTest.TRAINER.withOptimizerSteps(2))) {
            NeuralRewardModel rm =
                    new NeuralRewardModel(
                            model, GenericPromptFormat.defaults(), new SamplingConfig(0, 1.0, 8));
            Trajectory t = AdapterFixtures.trajectory("go to fridge 1");
            JudgeRequest request = new JudgeRequest(t, 0);
            assertEquals(
                    Verdict.INVALID,
                    rm.judge(List.of(request), 1, List.of(new SplittableRandom(1)))
                            .get(0)
                            .get(0)
                            .verdict());
            // A rewarded verdict versus rewarded-against junk (two verdicts with opposite
            // advantages would
            // cancel on their shared "\boxed{" prefix); about 16 updates suffice at this learning
            // rate.
            for (int iteration = 0; iteration < 25; iteration++) {
                List<RewardModelSample> samples = new ArrayList<>();
                samples.add(
                        new RewardModelSample(
                                request, Judgment.parsed(" \\boxed{1}", 0, null), 1.0));
                samples.add(
                        new RewardModelSample(request, Judgment.parsed(" maybe", 0, null), -1.0));
                rm.update(samples, new SplittableRandom(iteration));
            }
            List<RandomGenerator> rng = List.of(new SplittableRandom(1));
            Judgment greedy = rm.judge(List.of(request), 1, rng).get(0).get(0);
            assertEquals(Verdict.POSITIVE, greedy.verdict(), greedy.text());
            assertTrue(greedy.payload() instanceof TokenRecord);
        }
    }

    @Test
    void teachesAVerdictItDidNotWriteInTheWordsOfAnExample() {
        try (NeuralModel model =
                NeuralPolicyTest.smallModel(NeuralPolicyTest.TRAINER.withOptimizerSteps(2))) {
            NeuralRewardModel rm =
                    new NeuralRewardModel(
                            model, GenericPromptFormat.defaults(), new SamplingConfig(0, 1.0, 8));
            JudgeRequest request =
                    new JudgeRequest(AdapterFixtures.trajectory("go to fridge 1"), 0);
            Judgment example = Judgment.parsed(" \\boxed{-1}", -2.5, null);
            Judgment taught = rm.teach(request, example).orElseThrow();
            assertEquals(example.text(), taught.text());
            assertEquals(Verdict.NEGATIVE, taught.verdict());
            assertTrue(rm.teach(request, Judgment.parsed(" maybe", 0, null)).isEmpty());
            // trained as the request's own prompt followed by the example's words
            TrainingSequence sequence =
                    (TrainingSequence) rm.sequence(new RewardModelSample(request, taught, 1.0));
            assertArrayEquals(
                    model.promptTokens(GenericPromptFormat.defaults().judgePrompt(request)),
                    sequence.prompt());
            assertArrayEquals(model.encodeResponse(example.text()), sequence.response());
            for (int iteration = 0; iteration < 40; iteration++) {
                rm.update(
                        List.of(
                                new RewardModelSample(request, taught, 1.0),
                                new RewardModelSample(
                                        request, Judgment.parsed(" maybe", 0, null), -1.0)),
                        new SplittableRandom(iteration));
            }
            Judgment greedy =
                    rm.judge(List.of(request), 1, List.of(new SplittableRandom(1))).get(0).get(0);
            assertEquals(Verdict.NEGATIVE, greedy.verdict(), greedy.text());
        }
    }
}
