package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.reward.AccuracyBand;

/** The simulated reviewer of {@code bench review}: which steps it corrects, and with what. */
class SimulatedReviewerTest {

    private static final String P = TrajectoryWeightingTest.P;
    private static final String N = TrajectoryWeightingTest.N;
    private static final AccuracyBand BAND = new AccuracyBand(0.2, 0.8);

    /**
     * A step taking {@code command}, labelled {@code label} by the planner and the restrained
     * oracle.
     */
    private static Step step(int i, String command, StepLabel label, StepLabel restrained) {
        return new Step(
                i,
                "o",
                List.of(command),
                new Action(command, command, 0, null),
                "o",
                label,
                restrained);
    }

    private static Trajectory trajectory(boolean won, Step... steps) {
        return new Trajectory(new ScriptedWorld.ScriptedTask("t", 0), 0, List.of(steps), won);
    }

    /**
     * Won: x (GOOD, 4 of 4 say +1: split 0), y (planner BAD, restrained GOOD, 2 against 2: split
     * 2). Lost: z (BAD, 1 against 3: split 1), w (BAD, split 2). Accuracy 1/2, inside the band.
     */
    private static TaskRollouts rollouts(boolean bothWon) {
        Trajectory won =
                trajectory(
                        true,
                        step(0, "x", StepLabel.GOOD, StepLabel.GOOD),
                        step(1, "y", StepLabel.BAD, StepLabel.GOOD));
        Trajectory lost =
                trajectory(
                        bothWon,
                        step(0, "z", StepLabel.BAD, StepLabel.UNKNOWN),
                        step(1, "w", StepLabel.BAD, StepLabel.BAD));
        List<List<List<Judgment>>> judgments = new ArrayList<>();
        judgments.add(
                List.of(
                        JudgeAccuracyTest.verdicts(P, P, P, P),
                        JudgeAccuracyTest.verdicts(P, N, P, N)));
        judgments.add(
                List.of(
                        JudgeAccuracyTest.verdicts(P, N, N, N),
                        JudgeAccuracyTest.verdicts(N, P, P, N)));
        return new TaskRollouts(
                TaskRollouts.Role.ACTIVE, 0, won.task(), List.of(won, lost), judgments);
    }

    @Test
    void correctsTheMostSplitStepsWithTheirLabelsTheRestrainedOneFirst() {
        SimulatedReviewer two = new SimulatedReviewer(StepCorrections.NONE, 2, 7, BAND);
        two.iterationStarts(1);
        two.judged(List.of(rollouts(false)));
        assertEquals(2, two.inForce());
        assertEquals(Optional.of(Verdict.POSITIVE), two.find("t", List.of("x", "y")));
        assertEquals(Optional.of(Verdict.NEGATIVE), two.find("t", List.of("z", "w")));
        assertEquals(Optional.empty(), two.find("t", List.of("z")), "split 1 comes after split 2");
        assertEquals(Optional.empty(), two.find("u", List.of("x", "y")), "another task");

        SimulatedReviewer three = new SimulatedReviewer(StepCorrections.NONE, 3, 7, BAND);
        three.iterationStarts(1);
        three.judged(List.of(rollouts(false)));
        assertEquals(Optional.of(Verdict.NEGATIVE), three.find("t", List.of("z")));
        assertEquals(Optional.empty(), three.find("t", List.of("x")), "unanimous comes last");

        three.iterationStarts(2);
        assertEquals(0, three.inForce(), "the corrections hold for their iteration only");
    }

    @Test
    void skipsTasksOutsideTheJudgesBandAndYieldsToAPerson() {
        SimulatedReviewer reviewer = new SimulatedReviewer(StepCorrections.NONE, 5, 7, BAND);
        reviewer.iterationStarts(1);
        reviewer.judged(List.of(rollouts(true)));
        assertEquals(0, reviewer.inForce(), "accuracy 1 is outside [0.2, 0.8]");

        StepCorrections person =
                new StepCorrections() {
                    @Override
                    public void iterationStarts(int iteration) {}

                    @Override
                    public Optional<Verdict> find(String taskId, List<String> actions) {
                        return actions.equals(List.of("x", "y"))
                                ? Optional.of(Verdict.NEGATIVE)
                                : Optional.empty();
                    }

                    @Override
                    public int inForce() {
                        return 1;
                    }
                };
        SimulatedReviewer beside = new SimulatedReviewer(person, 2, 7, BAND);
        beside.iterationStarts(1);
        beside.judged(List.of(rollouts(false)));
        assertEquals(Optional.of(Verdict.NEGATIVE), beside.find("t", List.of("x", "y")));
        assertEquals(3, beside.inForce());
    }

    @Test
    void equallySplitStepsAreChosenInTheSeedsOrder() {
        List<String> first = new ArrayList<>();
        for (long seed = 0; seed < 40; seed++) {
            SimulatedReviewer one = new SimulatedReviewer(StepCorrections.NONE, 1, seed, BAND);
            one.iterationStarts(1);
            one.judged(List.of(rollouts(false)));
            first.add(one.find("t", List.of("x", "y")).isPresent() ? "y" : "w");
            SimulatedReviewer again = new SimulatedReviewer(StepCorrections.NONE, 1, seed, BAND);
            again.iterationStarts(1);
            again.judged(List.of(rollouts(false)));
            assertEquals(
                    one.find("t", List.of("x", "y")), again.find("t", List.of("x", "y")), "seeded");
        }
        assertTrue(first.contains("y") && first.contains("w"), "both ties are drawn: " + first);
    }

    @Test
    void theWrongPicksCorrectTheMostSurelyWrongStepsUnanimousFirst() {
        // x: 4 of 4 say +1, label GOOD (right); y: 2 against 2, restrained GOOD (not wrong: a tie);
        // z: 3 of 4 say -1, label BAD (right); w: 2 against 2, BAD (a tie). None is wrong:
        SimulatedReviewer none =
                new SimulatedReviewer(
                        StepCorrections.NONE, 5, 7, BAND, SimulatedReviewer.Picks.WRONG);
        none.iterationStarts(1);
        none.judged(List.of(rollouts(false)));
        assertEquals(0, none.inForce(), "only steps the majority gets wrong are corrected");

        // the same steps judged the other way round: x unanimously -1 (wrong, 4 against),
        // z 3 of 4 +1 (wrong, 3 against)
        TaskRollouts r = rollouts(false);
        List<List<List<Judgment>>> flipped = new ArrayList<>();
        flipped.add(
                List.of(
                        JudgeAccuracyTest.verdicts(N, N, N, N),
                        JudgeAccuracyTest.verdicts(P, N, P, N)));
        flipped.add(
                List.of(
                        JudgeAccuracyTest.verdicts(N, P, P, P),
                        JudgeAccuracyTest.verdicts(N, P, P, N)));
        TaskRollouts wrong =
                new TaskRollouts(r.role(), r.slot(), r.task(), r.trajectories(), flipped);
        SimulatedReviewer one =
                new SimulatedReviewer(
                        StepCorrections.NONE, 1, 7, BAND, SimulatedReviewer.Picks.WRONG);
        one.iterationStarts(1);
        one.judged(List.of(wrong));
        assertEquals(Optional.of(Verdict.POSITIVE), one.find("t", List.of("x")), "unanimous first");
        assertEquals(Optional.empty(), one.find("t", List.of("z")));
        SimulatedReviewer two =
                new SimulatedReviewer(
                        StepCorrections.NONE, 2, 7, BAND, SimulatedReviewer.Picks.WRONG);
        two.iterationStarts(1);
        two.judged(List.of(wrong));
        assertEquals(Optional.of(Verdict.NEGATIVE), two.find("t", List.of("z")));
        assertEquals(2, two.inForce(), "the ties y and w are not wrong");
    }
}
