package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.reward.FeedbackMode;
import org.rlanything.core.reward.RewardModelWeighting;

/**
 * A person's correction of a step: the policy's integrated reward takes the person's verdict in
 * place of the m verdicts, the step's consistency samples give way to samples that train each
 * judgment towards the person's verdict (+1 agreeing, −1 not, unstandardised), and the other steps
 * are untouched.
 */
class CorrectedRolloutsTest {

    private static final String P = TrajectoryWeightingTest.P;
    private static final String N = TrajectoryWeightingTest.N;

    /** The first step of task "t" reached by action "a": the person says +1. */
    private static final StepCorrections FIRST_STEP_GOOD =
            new StepCorrections() {
                @Override
                public void iterationStarts(int iteration) {}

                @Override
                public Optional<Verdict> find(String taskId, List<String> actions) {
                    return taskId.equals("t") && actions.equals(List.of("a"))
                            ? Optional.of(Verdict.POSITIVE)
                            : Optional.empty();
                }

                @Override
                public int inForce() {
                    return 1;
                }
            };

    private static TaskRollouts rollouts(String... firstStep) {
        Trajectory won = JudgeAccuracyTest.trajectory(true, StepLabel.GOOD, StepLabel.GOOD);
        Trajectory lost = JudgeAccuracyTest.trajectory(false, StepLabel.GOOD, StepLabel.BAD);
        List<List<Judgment>> wonJudged =
                List.of(JudgeAccuracyTest.verdicts(firstStep), JudgeAccuracyTest.verdicts(P, P, N));
        List<List<Judgment>> lostJudged =
                List.of(JudgeAccuracyTest.verdicts(firstStep), JudgeAccuracyTest.verdicts(N, N, P));
        return new TaskRollouts(
                TaskRollouts.Role.ACTIVE,
                0,
                won.task(),
                List.of(won, lost),
                List.of(wonJudged, lostJudged));
    }

    @Test
    void theCorrectedStepTakesThePersonsVerdictForThePolicy() {
        TaskRollouts judgeWrong = rollouts(N, N, "???");
        CorrectedRollouts corrected = CorrectedRollouts.of(judgeWrong, FIRST_STEP_GOOD);
        assertEquals(2, corrected.corrected().size(), "step 1 of both rollouts");
        List<double[]> rewards =
                PolicyData.stepRewards(corrected.forPolicy(), FeedbackMode.INTEGRATED, 1.0);
        // as if the judge itself had said +1 m times on the corrected steps
        List<double[]> judgeRight =
                PolicyData.stepRewards(rollouts(P, P, P), FeedbackMode.INTEGRATED, 1.0);
        List<double[]> uncorrected =
                PolicyData.stepRewards(judgeWrong, FeedbackMode.INTEGRATED, 1.0);
        for (int k = 0; k < 2; k++) {
            assertEquals(judgeRight.get(k)[0], rewards.get(k)[0], 1e-12);
            assertTrue(rewards.get(k)[0] > uncorrected.get(k)[0]);
            assertEquals(uncorrected.get(k)[1], rewards.get(k)[1], 1e-12, "step 2 untouched");
        }
    }

    @Test
    void theJudgeIsTrainedTowardsThePersonsVerdictOnTheCorrectedStepOnly() {
        TaskRollouts judgeWrong = rollouts(N, P, "???");
        CorrectedRollouts corrected = CorrectedRollouts.of(judgeWrong, FIRST_STEP_GOOD);
        assertEquals(6, corrected.judgeSamples().size(), "m = 3 judgments on 2 corrected steps");
        for (RewardModelSample s : corrected.judgeSamples()) {
            assertEquals(0, s.request().stepIndex());
            double expected = s.judgment().verdict() == Verdict.POSITIVE ? 1.0 : -1.0;
            assertEquals(expected, s.advantage(), 0.0, "towards +1, invalid counts as wrong");
        }
        List<RewardModelSample> consistency =
                RewardModelData.samples(judgeWrong, 1.0, RewardModelWeighting.BALANCED);
        assertTrue(consistency.stream().anyMatch(s -> s.request().stepIndex() == 0));
        List<RewardModelSample> kept = corrected.withoutCorrected(judgeWrong, consistency);
        assertTrue(kept.stream().noneMatch(s -> s.request().stepIndex() == 0));
        assertEquals(
                consistency.stream().filter(s -> s.request().stepIndex() == 1).count(),
                kept.size(),
                "the uncorrected steps keep their consistency samples");
    }

    @Test
    void withoutCorrectionsNothingChanges() {
        TaskRollouts r = rollouts(N, N, N);
        CorrectedRollouts none = CorrectedRollouts.of(r, StepCorrections.NONE);
        assertSame(r, none.forPolicy());
        assertTrue(none.judgeSamples().isEmpty());
    }
}
