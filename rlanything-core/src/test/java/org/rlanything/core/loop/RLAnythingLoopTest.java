package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Candidate;
import org.rlanything.core.Judgment;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.Slot;
import org.rlanything.core.Task;
import org.rlanything.core.loop.ScriptedWorld.ScriptedTask;
import org.rlanything.core.reward.FeedbackMode;

class RLAnythingLoopTest {

    private static final ScriptedTask EASY = new ScriptedTask("easy", 8); // acc 1 -> harder
    private static final ScriptedTask HARD = new ScriptedTask("hard", 0); // acc 0 -> easier
    private static final ScriptedTask MID = new ScriptedTask("mid", 4); // acc 0.5 -> left alone

    /** K = 3, N = 8, m = 3, k = 2; the rest at the defaults. */
    private static AlgorithmConfig.Builder algorithm() {
        return AlgorithmConfig.builder()
                .tasksPerIteration(3)
                .rolloutsPerTask(8)
                .verdictsPerStep(3)
                .rewriterSamples(2);
    }

    /** Seed 7, H = 5, no evaluation. */
    private static LoopConfig config(AlgorithmConfig.Builder algorithm) {
        return new LoopConfig(7, algorithm.build(), 5, 0);
    }

    private static RLAnythingLoop loop(ScriptedWorld world, LoopConfig config) {
        return RLAnythingLoop.builder()
                .config(config)
                .environment(world.environment())
                .policy(world.policy())
                .rewardModel(world.rewardModel())
                .rewriter(world.rewriter())
                .tasks(List.of(EASY, HARD, MID))
                .clock(() -> 0L)
                .build();
    }

    private static ScriptedWorld world() {
        ScriptedWorld world = new ScriptedWorld();
        world.rewrites.put("easy", 4); // harder candidate lands at 4/8: accepted
        world.rewrites.put("hard", 0); // easier candidate still at 0/8: rejected
        return world;
    }

    @Test
    void eachIterationJudgesWithTheRewardModelFromBeforeItsOwnUpdate() {
        ScriptedWorld world = world();
        RLAnythingLoop loop = loop(world, config(algorithm()));
        loop.runUntil(3);
        assertEquals(
                List.of(0, 1, 2),
                world.judgeVersions,
                "iteration t is judged by the model after update t-1");
        // Within an iteration: roll out, judge, rewrite, then the policy update before the reward
        // model's.
        List<String> first = world.calls.subList(0, world.calls.indexOf("update-reward-model") + 1);
        assertEquals("judge", first.get(first.lastIndexOf("act") + 1));
        assertTrue(first.indexOf("judge") < first.indexOf("rewrite"));
        assertTrue(first.indexOf("rewrite") < first.indexOf("update-policy"));
        assertEquals(first.size() - 2, first.indexOf("update-policy"));
        // every judgment stored in the record carries the version that produced it
        ScriptedWorld second = world();
        RLAnythingLoop again = loop(second, config(algorithm()));
        again.runIteration();
        IterationRecord record = again.runIteration();
        for (TaskRollouts rollouts : record.rollouts()) {
            for (List<List<Judgment>> steps : rollouts.judgments()) {
                for (List<Judgment> m : steps) {
                    assertEquals(3, m.size());
                    for (Judgment judgment : m) {
                        assertEquals(1, judgment.payload(ScriptedWorld.Version.class).value());
                    }
                }
            }
        }
    }

    @Test
    void aCandidateProposedAtTIsValidatedAtTPlusOne() {
        ScriptedWorld world = world();
        RLAnythingLoop loop = loop(world, config(algorithm()));

        IterationRecord first = loop.runIteration();
        assertEquals(Set.of(PoolEvent.Kind.PROPOSED), kinds(first.events()));
        assertEquals(2, first.events().size());
        Candidate pending = loop.slots().get(0).pending();
        assertNotNull(pending);
        assertEquals(RewriteGoal.HARDER, pending.goal());
        assertEquals(1.0, pending.previousAccuracy());
        assertEquals(1, pending.createdAt());
        assertEquals(RewriteGoal.EASIER, loop.slots().get(1).pending().goal());
        assertNull(loop.slots().get(2).pending());
        // proposals come with critic feedback from the judged rollouts
        for (var request : world.rewriteRequests) {
            if (request.active().equals(EASY)) {
                assertTrue(request.critic().allSucceeded(), "easy: all 8 rollouts won");
            } else {
                assertEquals(HARD, request.active());
                assertEquals(8, request.critic().failures().size(), "hard: all 8 rollouts failed");
                assertEquals(0.0, request.previousAccuracy());
            }
        }

        IterationRecord second = loop.runIteration();
        Map<Integer, PoolEvent> bySlot = new HashMap<>();
        for (PoolEvent event : second.events()) {
            bySlot.put(event.slot(), event);
        }
        assertEquals(PoolEvent.Kind.ACCEPTED, bySlot.get(0).kind());
        assertEquals(0.5, bySlot.get(0).accuracy());
        assertEquals(PoolEvent.Kind.REJECTED, bySlot.get(1).kind());
        Slot accepted = loop.slots().get(0);
        assertEquals(
                List.of(EASY, pending.task()),
                accepted.history(),
                "the original stays in the slot's history");
        assertEquals(EASY, accepted.original());
        assertEquals(pending.task(), accepted.active());
        assertEquals(
                List.of(HARD), loop.slots().get(1).history(), "a rejected candidate is deleted");
        assertEquals(1.0, second.metrics().get("env/accepted"));
        assertEquals(1.0, second.metrics().get("env/rejected"));
        assertEquals(1.0, second.metrics().get("env/accepted_total"));
    }

    @Test
    void slotsWithAPendingCandidateAreNotPickedAndHoldOneCandidate() {
        ScriptedWorld world = world();
        RLAnythingLoop loop = loop(world, config(algorithm()));
        loop.runIteration();
        IterationRecord second = loop.runIteration();
        Map<Integer, List<TaskRollouts.Role>> rolesBySlot = new TreeMap<>();
        for (TaskRollouts rollouts : second.rollouts()) {
            rolesBySlot
                    .computeIfAbsent(rollouts.slot(), s -> new ArrayList<>())
                    .add(rollouts.role());
        }
        assertEquals(List.of(TaskRollouts.Role.CANDIDATE), rolesBySlot.get(0));
        assertEquals(List.of(TaskRollouts.Role.CANDIDATE), rolesBySlot.get(1));
        assertEquals(List.of(TaskRollouts.Role.ACTIVE), rolesBySlot.get(2));
        Slot slot = Slot.of(0, EASY).withPending(new Candidate(0, MID, RewriteGoal.HARDER, 1.0, 1));
        assertThrows(
                IllegalStateException.class,
                () -> slot.withPending(new Candidate(0, HARD, RewriteGoal.HARDER, 1.0, 1)));
    }

    @Test
    void aRejectedCandidatesRolloutsNeverReachTrainingData() {
        ScriptedWorld world = world();
        // Open bands so that even a 0/8 candidate would yield samples if it were (wrongly) used.
        LoopConfig open =
                config(
                        algorithm()
                                .policyBand(List.of(0.0, 1.0))
                                .rewardModelBand(List.of(0.0, 1.0)));
        RLAnythingLoop loop = loop(world, open);
        loop.runIteration();
        loop.runIteration();
        Set<String> policyTasks = new HashSet<>();
        for (PolicySample sample : world.policyUpdates.get(1)) {
            policyTasks.add(sample.trajectory().task().id());
        }
        Set<String> rewardTasks = new HashSet<>();
        for (RewardModelSample sample : world.rewardModelUpdates.get(1)) {
            rewardTasks.add(sample.request().task().id());
        }
        assertTrue(
                policyTasks.contains("easy+HARDER"), "an accepted candidate's rollouts are used");
        assertFalse(policyTasks.contains("hard+EASIER"), "a rejected candidate's rollouts are not");
        assertFalse(rewardTasks.contains("hard+EASIER"));
        assertTrue(policyTasks.contains("mid"));
        // ... while in the first iteration the 0/8 task itself did feed the open band
        Set<String> firstTasks = new HashSet<>();
        for (PolicySample sample : world.policyUpdates.get(0)) {
            firstTasks.add(sample.trajectory().task().id());
        }
        assertTrue(firstTasks.contains("hard"));
    }

    @Test
    void bandsSelectTheTasksThatFeedEachModelAndZeroAdvantagesAreDropped() {
        ScriptedWorld world = world();
        RLAnythingLoop loop = loop(world, config(algorithm()));
        loop.runIteration();
        for (PolicySample sample : world.policyUpdates.get(0)) {
            assertEquals(
                    "mid", sample.trajectory().task().id(), "1/8..7/8 keeps only the 4/8 task");
            assertTrue(sample.advantage() != 0.0);
        }
        assertFalse(world.policyUpdates.get(0).isEmpty());
        for (RewardModelSample sample : world.rewardModelUpdates.get(0)) {
            assertEquals("mid", sample.request().task().id(), "0.2..0.8 keeps only the 4/8 task");
            assertTrue(sample.advantage() != 0.0);
        }
        assertFalse(world.rewardModelUpdates.get(0).isEmpty());
    }

    @Test
    void ablationSwitchesFreezeTheRewardModelAndTheTasks() {
        ScriptedWorld world = world();
        RLAnythingLoop loop = loop(world, config(algorithm().arm(Ablation.POLICY)));
        loop.runUntil(3);
        assertTrue(world.rewardModelUpdates.isEmpty(), "frozen reward model");
        assertTrue(world.rewriteRequests.isEmpty(), "fixed tasks");
        assertEquals(List.of(0, 0, 0), world.judgeVersions);
        for (Slot slot : loop.slots()) {
            assertEquals(1, slot.history().size());
        }

        ScriptedWorld outcome = world();
        RLAnythingLoop outcomeOnly = loop(outcome, config(algorithm().arm(Ablation.OUTCOME_ONLY)));
        IterationRecord record = outcomeOnly.runIteration();
        assertTrue(outcome.judgeVersions.isEmpty(), "outcome-only needs no judgments");
        assertEquals(FeedbackMode.OUTCOME, outcomeOnly.config().feedback());
        for (PolicySample sample : outcome.policyUpdates.get(0)) {
            // R = O per step: with 4 wins of 1 step and 4 losses of 2 steps, index 0 is ±1, index 1
            // all -1.
            assertEquals(0, sample.step().index());
            assertEquals(sample.trajectory().won() ? 1.0 : -1.0, sample.advantage(), 1e-12);
        }
        assertEquals(8, outcome.policyUpdates.get(0).size());
        assertFalse(record.metrics().containsKey("reward_model/process_acc"));
    }

    @Test
    void restoringACapturedStateContinuesExactlyLikeTheUninterruptedRun() {
        ScriptedWorld world = world();
        RLAnythingLoop straight = loop(world, config(algorithm()));
        List<Map<String, Double>> expected = new ArrayList<>();
        runCollecting(straight, 4, expected);

        ScriptedWorld first = world();
        RLAnythingLoop interrupted = loop(first, config(algorithm()));
        List<Map<String, Double>> actual = new ArrayList<>();
        runCollecting(interrupted, 2, actual);
        LoopState saved = interrupted.captureState();

        ScriptedWorld resumedWorld = world();
        resumedWorld.rewardModelVersion = first.rewardModelVersion; // the model's own checkpoint
        RLAnythingLoop resumed = loop(resumedWorld, config(algorithm()));
        resumed.restoreState(saved);
        runCollecting(resumed, 4, actual);

        assertEquals(expected, actual);
        assertEquals(straight.captureState(), resumed.captureState());
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        loop(world(), new LoopConfig(8, algorithm().build(), 5, 0))
                                .restoreState(saved),
                "another seed's state");
    }

    /**
     * Runs until {@code total} iterations, collecting each record's metrics (timings are 0: fixed
     * clock).
     */
    private static void runCollecting(
            RLAnythingLoop loop, int total, List<Map<String, Double>> metrics) {
        while (loop.iteration() < total) {
            metrics.add(loop.runIteration().metrics());
        }
    }

    private static Set<PoolEvent.Kind> kinds(List<PoolEvent> events) {
        Set<PoolEvent.Kind> kinds = new HashSet<>();
        for (PoolEvent event : events) {
            kinds.add(event.kind());
        }
        return kinds;
    }

    @Test
    void aPoolWithoutTasksIsRejected() {
        ScriptedWorld world = world();
        IllegalArgumentException error =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                RLAnythingLoop.builder()
                                        .config(config(algorithm()))
                                        .environment(world.environment())
                                        .policy(world.policy())
                                        .rewardModel(world.rewardModel())
                                        .rewriter(world.rewriter())
                                        .tasks(List.<Task>of())
                                        .build());
        assertTrue(error.getMessage().contains("task pool is empty"));
    }

    @Test
    void taskFeedbackReplacesStepJudgingAndSuppliesTheTrainingSamplesAndFigures() {
        ScriptedWorld world = world();
        List<List<String>> assessedIds = new ArrayList<>();
        List<long[]> assessedSeeds = new ArrayList<>();
        TaskFeedback<String> feedback =
                new TaskFeedback<>() {
                    @Override
                    public List<Assessment<String>> assess(
                            List<TaskRollouts> tasks,
                            org.rlanything.core.RewardModel rewardModel,
                            int m,
                            long[] seeds) {
                        assertEquals(3, m);
                        assertNotNull(rewardModel);
                        assessedIds.add(tasks.stream().map(r -> r.task().id()).toList());
                        assessedSeeds.add(seeds.clone());
                        List<Assessment<String>> out = new ArrayList<>();
                        for (TaskRollouts r : tasks) {
                            assertFalse(r.judged());
                            org.rlanything.core.Trajectory first = r.trajectories().get(0);
                            out.add(
                                    new Assessment<>(
                                            List.of(new double[] {r.accuracy()}),
                                            List.of(
                                                    new PolicySample(
                                                            first, first.steps().get(0), 1.5)),
                                            List.of(
                                                    new RewardModelSample(
                                                            new org.rlanything.core.JudgeRequest(
                                                                    first, 0),
                                                            new Judgment(
                                                                    "test of " + r.task().id(),
                                                                    org.rlanything.core.Verdict
                                                                            .INVALID,
                                                                    0.0,
                                                                    null),
                                                            -0.5)),
                                            r.task().id()));
                        }
                        return out;
                    }

                    @Override
                    public Map<String, Double> figures(List<Assessment<String>> training) {
                        return Map.of("reward_model/assessed", (double) training.size());
                    }
                };
        RLAnythingLoop loop =
                RLAnythingLoop.builder()
                        .config(config(algorithm()))
                        .environment(world.environment())
                        .policy(world.policy())
                        .rewardModel(world.rewardModel())
                        .rewriter(world.rewriter())
                        .tasks(List.of(EASY, HARD, MID))
                        .clock(() -> 0L)
                        .taskFeedback(feedback)
                        .build();
        IterationRecord record = loop.runIteration();

        assertFalse(world.calls.contains("judge"), world.calls.toString());
        assertEquals(1, assessedIds.size());
        assertEquals(Set.of("easy", "hard", "mid"), new HashSet<>(assessedIds.get(0)));
        assertEquals(3, java.util.Arrays.stream(assessedSeeds.get(0)).distinct().count());
        // Only "mid" (acc 4/8) is inside the policy band 1/8..7/8 and the RM band 0.2..0.8.
        assertEquals(1, world.policyUpdates.size());
        assertEquals(1, world.policyUpdates.get(0).size());
        assertEquals("mid", world.policyUpdates.get(0).get(0).trajectory().task().id());
        assertEquals(1.5, world.policyUpdates.get(0).get(0).advantage());
        assertEquals(1, world.rewardModelUpdates.size());
        assertEquals("test of mid", world.rewardModelUpdates.get(0).get(0).judgment().text());
        assertEquals(3.0, record.metrics().get("reward_model/assessed"));
        assertEquals(0.5, record.metrics().get("critic/rewards/mean"));
        assertEquals(1.0, record.metrics().get("actor/tasks_in_band"));
    }
}
