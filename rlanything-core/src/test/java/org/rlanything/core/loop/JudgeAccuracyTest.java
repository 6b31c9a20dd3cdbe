package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;

class JudgeAccuracyTest {

    static final String P = "ok \\boxed{1}";
    static final String N = "no \\boxed{-1}";
    static final String X = "no verdict";

    static Trajectory trajectory(boolean won, StepLabel... labels) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < labels.length; i++) {
            steps.add(
                    new Step(i, "o", List.of("a"), new Action("a", " a", 0, null), "o", labels[i]));
        }
        return new Trajectory(new ScriptedWorld.ScriptedTask("t", 0), 0, steps, won);
    }

    static List<Judgment> verdicts(String... texts) {
        List<Judgment> out = new ArrayList<>();
        for (String t : texts) {
            out.add(Judgment.parsed(t, 0, null));
        }
        return out;
    }

    @Test
    void processFiguresScoreEveryVerdictCountInvalidAsWrongAndSkipUnknownLabels() {
        Trajectory t = trajectory(true, StepLabel.GOOD, StepLabel.BAD, StepLabel.UNKNOWN);
        JudgeAccuracy a = new JudgeAccuracy();
        a.add(t, List.of(verdicts(P, N, X), verdicts(N, N, P), verdicts(P, P, P)));
        Map<String, Double> f = a.figures("");
        // GOOD step: P right, N wrong, X wrong (tpr 1/3); BAD step: N, N right, P wrong (tnr 2/3).
        assertEquals(0.5, f.get("process_acc"), 1e-12);
        assertEquals(1.0 / 3, f.get("process/planner/tpr"), 1e-12);
        assertEquals(2.0 / 3, f.get("process/planner/tnr"), 1e-12);
        assertEquals(0.5, f.get("process/planner/balanced_acc"), 1e-12);
        assertEquals(
                0.5,
                f.get("balanced_process_acc"),
                1e-12,
                "no restrained label: the planner's is the headline");
        assertEquals(
                0.5, f.get("process/planner/good_rate"), 1e-12, "one GOOD of two labelled steps");
        assertFalse(f.containsKey("process/restrained/acc"));
        assertEquals(1.0 / 9, f.get("invalid_rate"), 1e-12);
    }

    @Test
    void aConstantJudgeScoresOneHalfBalancedWhateverTheBaseRateAndMuOne() {
        SplittableRandom r = new SplittableRandom(1);
        for (String constant : List.of(P, N)) {
            JudgeAccuracy a = new JudgeAccuracy();
            for (int k = 0; k < 40; k++) {
                boolean won = k % 4 == 0;
                StepLabel[] labels = new StepLabel[1 + r.nextInt(6)];
                for (int i = 0; i < labels.length; i++) {
                    labels[i] =
                            r.nextDouble() < 0.25
                                    ? StepLabel.GOOD
                                    : StepLabel.BAD; // about a quarter GOOD
                }
                List<List<Judgment>> j = new ArrayList<>();
                for (int i = 0; i < labels.length; i++) {
                    j.add(verdicts(constant, constant, constant));
                }
                a.add(trajectory(won, labels), j);
            }
            Map<String, Double> f = a.figures("");
            assertEquals(0.5, f.get("balanced_process_acc"), 1e-12, constant);
            assertEquals(0.5, f.get("balanced_outcome_acc"), 1e-12, constant);
            assertEquals(1.0, f.get("mu"), 1e-12, constant);
            if (constant.equals(N)) {
                // The plain figure rewards the constant -1 judge with the BAD base rate.
                assertEquals(1 - f.get("process/planner/good_rate"), f.get("process_acc"), 0.05);
                assertEquals(0.75, f.get("outcome_acc"), 1e-12);
            }
        }
    }

    @Test
    void restrainedLabelsAreTheHeadlineWhenPresent() {
        List<Step> steps =
                List.of(
                        new Step(
                                0,
                                "o",
                                List.of("a"),
                                new Action("a", " a", 0, null),
                                "o",
                                StepLabel.BAD,
                                StepLabel.GOOD),
                        new Step(
                                1,
                                "o",
                                List.of("a"),
                                new Action("a", " a", 0, null),
                                "o",
                                StepLabel.GOOD,
                                StepLabel.GOOD),
                        new Step(
                                2,
                                "o",
                                List.of("a"),
                                new Action("a", " a", 0, null),
                                "o",
                                StepLabel.BAD,
                                StepLabel.BAD));
        JudgeAccuracy a = new JudgeAccuracy();
        a.add(
                new Trajectory(new ScriptedWorld.ScriptedTask("t", 0), 0, steps, true),
                List.of(verdicts(P), verdicts(P), verdicts(N)));
        Map<String, Double> f = a.figures("rm_");
        assertEquals(1.0, f.get("rm_process/restrained/balanced_acc"), 1e-12);
        assertEquals(0.75, f.get("rm_process/planner/balanced_acc"), 1e-12);
        assertEquals(1.0, f.get("rm_balanced_process_acc"), 1e-12);
        assertEquals(2.0 / 3, f.get("rm_process/restrained/good_rate"), 1e-12);
        assertEquals(1.0 / 3, f.get("rm_process/planner/good_rate"), 1e-12);
    }

    @Test
    void outcomeFiguresPredictSuccessWhenTheMeanValidVerdictIsPositive() {
        JudgeAccuracy a = new JudgeAccuracy();
        a.add(
                trajectory(true, StepLabel.GOOD, StepLabel.BAD),
                List.of(verdicts(P, X), verdicts(N, P))); // +1/3: right
        a.add(trajectory(true, StepLabel.GOOD), List.of(verdicts(N, X, X))); // wrong
        a.add(trajectory(false, StepLabel.BAD), List.of(verdicts(N, N))); // right
        a.add(trajectory(false, StepLabel.BAD), List.of(verdicts(P, N))); // mean 0: right
        a.add(trajectory(true, StepLabel.GOOD), List.of(verdicts(X, X))); // no valid: wrong
        Map<String, Double> f = a.figures("");
        assertEquals(0.6, f.get("outcome_acc"), 1e-12);
        assertEquals((1.0 / 3 + 1.0) / 2, f.get("balanced_outcome_acc"), 1e-12);
        // p+ = +1 verdicts on won trajectories' steps: P, P of 4 + 3 + 2 = 9; p- = -1 on failed: N,
        // N, N of 4.
        assertEquals(2.0 / 9, f.get("p_plus"), 1e-12);
        assertEquals(3.0 / 4, f.get("p_minus"), 1e-12);
        assertEquals(2.0 / 9 + 3.0 / 4, f.get("mu"), 1e-12);
        assertEquals(0.6, f.get("won_rate"), 1e-12);
    }

    @Test
    void emptyInputsGiveNoFiguresAndMismatchesFail() {
        assertEquals(Map.of(), new JudgeAccuracy().figures(""));
        Trajectory t = trajectory(true, StepLabel.GOOD);
        assertThrows(IllegalArgumentException.class, () -> new JudgeAccuracy().add(t, List.of()));
    }
}
