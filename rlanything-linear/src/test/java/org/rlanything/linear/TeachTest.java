package org.rlanything.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

/** A person's verdict taught to the linear judge on a step where it sampled the other one. */
class TeachTest {

    record OneTask(String id) implements Task {
        @Override
        public String describe() {
            return "open the box";
        }
    }

    @Test
    void aTaughtVerdictTrainsTheJudgeTowardsIt() {
        LinearJudge judge =
                new LinearJudge(new HashedTextFeatures(16), Optimizer.Kind.SGD, 1.0, 4, 0);
        Step step =
                new Step(
                        0,
                        "a closed box",
                        List.of("open box"),
                        new Action("open box", " open box", 0, null),
                        "an open box",
                        StepLabel.BAD);
        JudgeRequest request =
                new JudgeRequest(new Trajectory(new OneTask("t"), 0, List.of(step), false), 0);
        Judgment example = Judgment.parsed(" \\boxed{-1}", 0, null);
        Judgment taught = judge.teach(request, example).orElseThrow();
        assertEquals(Verdict.NEGATIVE, taught.verdict());
        assertTrue(judge.teach(request, Judgment.parsed("none", 0, null)).isEmpty());
        double before = pGood(judge, request);
        judge.update(List.of(new RewardModelSample(request, taught, 1.0)), new SplittableRandom(1));
        assertTrue(pGood(judge, request) < before, before + " -> " + pGood(judge, request));
    }

    /** The share of GOOD verdicts among 400 sampled judgments of {@code request}. */
    private static double pGood(LinearJudge judge, JudgeRequest request) {
        List<Judgment> judged =
                judge.judge(List.of(request), 400, List.of(new SplittableRandom(7))).get(0);
        return judged.stream().filter(j -> j.verdict() == Verdict.POSITIVE).count() / 400.0;
    }
}
