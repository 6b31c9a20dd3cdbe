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
    void eachWrongJudgmentIsPairedWithATaughtJudgmentOfThePersonsVerdict() {
        TaskRollouts judgeWrong = rollouts(N, P, "???");
        Judgment taught = new Judgment(" progress \\boxed{1}", Verdict.POSITIVE, 0.0, null);
        List<Verdict> asked = new java.util.ArrayList<>();
        CorrectedRollouts corrected =
                CorrectedRollouts.of(
                        judgeWrong,
                        FIRST_STEP_GOOD,
                        (request, verdict) -> {
                            asked.add(verdict);
                            return Optional.of(taught);
                        });
        // per corrected step: the m = 3 judgments (+1, -1, -1) and one taught +1 per wrong one
        assertEquals(10, corrected.judgeSamples().size());
        assertEquals(List.of(Verdict.POSITIVE, Verdict.POSITIVE), asked, "once per step");
        long taughtSamples =
                corrected.judgeSamples().stream().filter(s -> s.judgment() == taught).count();
        assertEquals(4, taughtSamples);
        for (RewardModelSample s : corrected.judgeSamples()) {
            assertEquals(0, s.request().stepIndex());
            if (s.judgment() == taught) {
                assertEquals(1.0, s.advantage(), 0.0);
            }
        }
        // the step's advantages now sum to +1 (without teaching: -1): the person's verdict is
        // pushed up, not only the wrong text down
        double sum =
                corrected.judgeSamples().stream()
                        .filter(s -> s.request().trajectory() == judgeWrong.trajectories().get(0))
                        .mapToDouble(RewardModelSample::advantage)
                        .sum();
        assertEquals(1.0, sum, 1e-12);
    }

    @Test
    void theTeacherWritesTheJudgesMostFrequentWordsForTheVerdict() {
        TaskRollouts r = rollouts(N, N, P);
        List<Judgment> examples = new java.util.ArrayList<>();
        org.rlanything.core.RewardModel judge =
                new org.rlanything.core.RewardModel() {
                    @Override
                    public List<List<Judgment>> judge(
                            List<org.rlanything.core.JudgeRequest> requests,
                            int m,
                            List<java.util.random.RandomGenerator> rngs) {
                        throw new AssertionError();
                    }

                    @Override
                    public org.rlanything.core.UpdateStats update(
                            List<RewardModelSample> samples, java.util.random.RandomGenerator rng) {
                        throw new AssertionError();
                    }

                    @Override
                    public Optional<Judgment> teach(
                            org.rlanything.core.JudgeRequest request, Judgment example) {
                        examples.add(example);
                        return Optional.of(example);
                    }
                };
        CorrectedRollouts.Teacher teacher = CorrectedRollouts.teacher(judge, List.of(r));
        org.rlanything.core.JudgeRequest request =
                new org.rlanything.core.JudgeRequest(r.trajectories().get(0), 0);
        assertEquals(N, teacher.teach(request, Verdict.NEGATIVE).orElseThrow().text());
        assertEquals(P, teacher.teach(request, Verdict.POSITIVE).orElseThrow().text());
        assertTrue(teacher.teach(request, Verdict.INVALID).isEmpty());
        // a verdict the judge never wrote: the bare box
        Judgment bare =
                CorrectedRollouts.teacher(judge, List.of())
                        .teach(request, Verdict.POSITIVE)
                        .orElseThrow();
        assertEquals(Verdict.POSITIVE, bare.verdict());
        assertEquals(Verdict.POSITIVE, Verdict.parse(bare.text()));
    }

    @Test
    void withoutCorrectionsNothingChanges() {
        TaskRollouts r = rollouts(N, N, N);
        CorrectedRollouts none = CorrectedRollouts.of(r, StepCorrections.NONE);
        assertSame(r, none.forPolicy());
        assertTrue(none.judgeSamples().isEmpty());
    }
}
