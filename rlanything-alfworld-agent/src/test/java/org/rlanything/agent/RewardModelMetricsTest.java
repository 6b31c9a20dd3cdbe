package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;

class RewardModelMetricsTest {

    static Trajectory trajectory(boolean won, StepLabel... labels) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < labels.length; i++) {
            steps.add(new Step(i, "o", List.of("a"), new Action("a", " a", 0, null), "o", labels[i]));
        }
        return new Trajectory(new AlfworldPromptFormatTest.FakeTask("t"), 0, steps, won);
    }

    static List<Judgment> verdicts(String... texts) {
        List<Judgment> out = new ArrayList<>();
        for (String t : texts) {
            out.add(Judgment.parsed(t, 0, null));
        }
        return out;
    }

    static final String P = "ok \\boxed{1}";
    static final String N = "no \\boxed{-1}";
    static final String X = "no verdict";

    @Test
    void processAccuracyScoresEveryVerdictAndCountsInvalidAsWrongAndSkipsUnknownLabels() {
        Trajectory t = trajectory(true, StepLabel.GOOD, StepLabel.BAD, StepLabel.UNKNOWN);
        List<List<Judgment>> j = List.of(verdicts(P, N, X), verdicts(N, N, P), verdicts(P, P, P));
        RewardModelMetrics.Counts c = RewardModelMetrics.count(List.of(t), List.of(j));
        // GOOD step: P right, N wrong, X wrong; BAD step: N right, N right, P wrong; UNKNOWN skipped.
        assertEquals(3, c.correctVerdicts());
        assertEquals(6, c.scoredVerdicts());
        assertEquals(0.5, c.processAccuracy(), 1e-12);
    }

    @Test
    void outcomeAccuracyPredictsSuccessWhenTheMeanValidVerdictIsPositive() {
        Trajectory wonPositive = trajectory(true, StepLabel.GOOD, StepLabel.BAD);
        Trajectory wonNegative = trajectory(true, StepLabel.GOOD);
        Trajectory lostNegative = trajectory(false, StepLabel.BAD);
        Trajectory lostTie = trajectory(false, StepLabel.BAD);
        Trajectory wonInvalid = trajectory(true, StepLabel.GOOD);
        RewardModelMetrics.Counts c = RewardModelMetrics.count(
                List.of(wonPositive, wonNegative, lostNegative, lostTie, wonInvalid),
                List.of(List.of(verdicts(P, X), verdicts(N, P)),   // valid mean +1/3 > 0: success, right
                        List.of(verdicts(N, X, X)),                // -1: failure predicted, wrong
                        List.of(verdicts(N, N)),                   // failure, right
                        List.of(verdicts(P, N)),                   // mean 0: failure predicted, right
                        List.of(verdicts(X, X))));                 // no valid verdict: failure predicted, wrong
        assertEquals(3, c.correctOutcomes());
        assertEquals(5, c.trajectories());
        assertEquals(0.6, c.outcomeAccuracy(), 1e-12);
    }

    @Test
    void emptyInputsGiveNaNAndMismatchesFail() {
        RewardModelMetrics.Counts c = RewardModelMetrics.count(List.of(), List.of());
        assertTrue(Double.isNaN(c.processAccuracy()));
        assertTrue(Double.isNaN(c.outcomeAccuracy()));
        Trajectory t = trajectory(true, StepLabel.GOOD);
        assertThrows(IllegalArgumentException.class, () -> RewardModelMetrics.count(List.of(t), List.of()));
        assertThrows(IllegalArgumentException.class, () -> RewardModelMetrics.count(List.of(t), List.of(List.of())));
        RewardModelMetrics.Counts sum = new RewardModelMetrics.Counts(1, 2, 1, 1).plus(new RewardModelMetrics.Counts(1, 2, 0, 1));
        assertEquals(0.5, sum.processAccuracy(), 1e-12);
        assertEquals(0.5, sum.outcomeAccuracy(), 1e-12);
    }
}
