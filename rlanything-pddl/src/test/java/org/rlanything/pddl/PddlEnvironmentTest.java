package org.rlanything.pddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.pddl.env.PddlEnvironment;
import org.rlanything.pddl.env.PddlRewriter;
import org.rlanything.pddl.env.PddlSession;
import org.rlanything.pddl.env.PddlTask;
import org.rlanything.pddl.env.PddlTaskCodec;
import org.rlanything.pddl.plan.Planner;

/**
 * The environment on the hand-written tidy domain: episodes, labels, demonstrator, codec,
 * verification, rewrites.
 */
class PddlEnvironmentTest {

    private static PddlEnvironment environment(int maxSteps) {
        return new PddlEnvironment(
                TestDomains.tidy(),
                maxSteps,
                true,
                Planner.DEFAULT_OPTIMAL,
                Planner.DEFAULT_SATISFICING);
    }

    @Test
    void theObservationShowsWhatHoldsAndTheGoalAndTheCommandsAreTheApplicableActions() {
        try (PddlSession s =
                environment(30).start(TestDomains.tidyTask("p1"), new SplittableRandom(1))) {
            String o = s.observation();
            assertTrue(o.contains("Goal: packed b1; in b1 hall; not dusty study."), o);
            assertTrue(
                    o.contains("Now true: ")
                            && o.contains("at-robot hall")
                            && o.contains("hands-free"),
                    o);
            assertTrue(o.contains("Always true: door hall kitchen; door study hall."), o);
            assertEquals(List.of("go hall kitchen", "go hall study"), s.admissibleActions());
        }
    }

    @Test
    void theDemonstratorWinsInTheShortestPlanWithEveryStepLabelledGood() {
        try (PddlSession s =
                environment(30).start(TestDomains.tidyTask("p1"), new SplittableRandom(1))) {
            int steps = 0;
            while (!s.done()) {
                String command = s.demonstration().orElseThrow();
                assertTrue(s.admissibleActions().contains(command));
                StepResult r = s.step(command);
                assertEquals(StepLabel.GOOD, r.label(), "step " + steps + ": " + command);
                steps++;
            }
            assertTrue(s.won());
            assertEquals(9, steps);
            assertEquals(Optional.empty(), s.demonstration());
            IllegalStateException after =
                    assertThrows(IllegalStateException.class, () -> s.step("go hall kitchen"));
            assertTrue(after.getMessage().contains("goal reached"));
        }
    }

    @Test
    void aDetourOrAnInapplicableCommandIsBadAndTheStepLimitEndsTheEpisode() {
        try (PddlSession s =
                environment(3).start(TestDomains.tidyTask("p1"), new SplittableRandom(1))) {
            StepResult wrong = s.step("fly away");
            assertEquals(StepLabel.BAD, wrong.label());
            assertTrue(wrong.observation().startsWith("Nothing happens"), wrong.observation());
            StepResult detour = s.step("go hall study"); // the broom is in the kitchen
            assertEquals(StepLabel.BAD, detour.label());
            StepResult back = s.step("GO  study hall");
            assertTrue(back.done());
            assertFalse(back.won());
        }
    }

    @Test
    void theCodecRoundTripsAndTheSameTaskGroundsTheSame() {
        PddlTaskCodec codec = new PddlTaskCodec(TestDomains.tidy());
        PddlTask task = TestDomains.tidyTask("p2");
        String text = codec.encode(task);
        Task back = codec.decode(text);
        assertEquals(task, back);
        assertEquals(text, codec.encode(back));
        assertThrows(IllegalArgumentException.class, () -> codec.decode("nonsense"));
    }

    @Test
    void verificationNeedsAPlanWithinTheStepLimit() {
        assertTrue(environment(9).verify(TestDomains.tidyTask("p1")).valid());
        String reason = environment(8).verify(TestDomains.tidyTask("p1")).reason();
        assertEquals("the plan takes 9 steps, over the limit of 8", reason);
    }

    @Test
    void rewritesAreVerifiedAndMoveThePlanLengthTheAskedWay() {
        PddlEnvironment env = environment(30);
        PddlRewriter rewriter = new PddlRewriter(env);
        PddlTask original = TestDomains.tidyTask("p2");
        int base = env.compile(original).initialPlan().length();
        List<String> made = new ArrayList<>();
        for (RewriteGoal goal : RewriteGoal.values()) {
            int proposed = 0;
            for (int seed = 0; seed < 12; seed++) {
                Optional<Task> t =
                        rewriter.rewrite(
                                new RewriteRequest(
                                        original,
                                        original,
                                        goal,
                                        0.5,
                                        new CriticFeedback(0, List.of())),
                                new SplittableRandom(seed));
                if (t.isEmpty()) {
                    continue;
                }
                proposed++;
                PddlTask task = (PddlTask) t.get();
                assertTrue(env.verify(task).valid(), task.id());
                int length = env.compile(task).initialPlan().length();
                assertTrue(
                        goal == RewriteGoal.HARDER ? length > base : length < base,
                        task.id() + ": " + length);
                made.add(task.id());
            }
            assertTrue(proposed > 0, "no " + goal + " rewrite in 12 tries");
        }
        Optional<Task> again =
                rewriter.rewrite(
                        new RewriteRequest(
                                original,
                                original,
                                RewriteGoal.EASIER,
                                0.5,
                                new CriticFeedback(0, List.of())),
                        new SplittableRandom(3));
        Optional<Task> same =
                rewriter.rewrite(
                        new RewriteRequest(
                                original,
                                original,
                                RewriteGoal.EASIER,
                                0.5,
                                new CriticFeedback(0, List.of())),
                        new SplittableRandom(3));
        assertEquals(again, same, "a rewrite depends on its generator only");
    }
}
