package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.io.ModelFixtureFolder;
import org.rlanything.neural.train.PpoSettings;

/**
 * {@code reward_model.chat_verdicts: score}: a random chat model (the Qwen3-shaped fixture) gives a
 * valid verdict every time, both verdicts over a few samples, and learns from rewarded choices.
 */
class ScoredVerdictsTest {

    @Test
    void aRandomChatJudgeGivesVerdictsAndLearnsFromThem() throws Exception {
        Optional<Path> fixtures = ModelFixtureFolder.locate();
        if (fixtures.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(fixtures.isPresent(), ModelFixtureFolder.MISSING);
        PpoSettings trainer = PpoSettings.method().withLearningRate(1e-2).withLimits(1000, 8);
        try (NeuralModel model =
                NeuralModel.loadFolder(fixtures.get().resolve("qwen3/hf"), trainer)) {
            NeuralRewardModel judge =
                    new NeuralRewardModel(
                            model,
                            GenericPromptFormat.defaults(),
                            ChatForm.HOUSEHOLD,
                            new SamplingConfig(10.0, 1.0, 8),
                            true);
            Trajectory t = AdapterFixtures.trajectory("go to fridge 1", "open fridge 1");
            JudgeRequest request = new JudgeRequest(t, 0);
            List<Judgment> before =
                    judge.judge(List.of(request), 12, List.of(new SplittableRandom(3))).get(0);
            Set<Verdict> seen = new HashSet<>();
            for (Judgment j : before) {
                assertTrue(NeuralRewardModel.VERDICT_REPLIES.contains(j.text()), j.text());
                assertTrue(j.verdict() != Verdict.INVALID, j.text());
                assertTrue(((TokenRecord) j.payload()).isChoice());
                seen.add(j.verdict());
            }
            assertEquals(2, seen.size(), "both verdicts among 12 samples at temperature 10");
            double approveBefore = approveLogProb(before);
            for (int step = 0; step < 1; step++) {
                List<RewardModelSample> samples = new ArrayList<>();
                for (Judgment j : before) {
                    samples.add(
                            new RewardModelSample(
                                    request, j, j.verdict() == Verdict.POSITIVE ? 1.0 : -1.0));
                }
                judge.update(samples, new SplittableRandom(step));
            }
            List<Judgment> after =
                    judge.judge(List.of(request), 12, List.of(new SplittableRandom(3))).get(0);
            assertTrue(
                    approveLogProb(after) > approveBefore,
                    "rewarded approvals become likelier: "
                            + approveBefore
                            + " -> "
                            + approveLogProb(after));
        }
    }

    /** The log-probability of choosing the approving reply, from a sample that chose it. */
    private static double approveLogProb(List<Judgment> judgments) {
        for (Judgment j : judgments) {
            TokenRecord r = (TokenRecord) j.payload();
            if (j.verdict() == Verdict.POSITIVE) {
                return r.choiceLogProb();
            }
            return Math.log1p(-Math.exp(r.choiceLogProb()));
        }
        throw new IllegalStateException("no judgment");
    }
}
