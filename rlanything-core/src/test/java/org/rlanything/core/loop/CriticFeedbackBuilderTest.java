package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.loop.ScriptedWorld.ScriptedTask;

class CriticFeedbackBuilderTest {

    private static Step step(int index, String command) {
        return new Step(
                index,
                "obs",
                List.of(),
                new Action(command, command, 0, null),
                "after " + command,
                StepLabel.UNKNOWN);
    }

    private static Judgment judgment(Verdict verdict, String text) {
        return new Judgment(text, verdict, 0, null);
    }

    @Test
    void highRiskStepsAreThoseEveryVerdictRejectedInFailedRollouts() {
        ScriptedTask task = new ScriptedTask("t", 1);
        Trajectory won = new Trajectory(task, 0, List.of(step(0, "win")), true);
        Trajectory lost = new Trajectory(task, 1, List.of(step(0, "a"), step(1, "b")), false);
        List<List<List<Judgment>>> judgments =
                List.of(
                        List.of(
                                List.of(
                                        judgment(Verdict.NEGATIVE, "x"),
                                        judgment(Verdict.NEGATIVE, "x"))),
                        List.of(
                                List.of(
                                        judgment(Verdict.NEGATIVE, "no a"),
                                        judgment(Verdict.INVALID, "?")),
                                List.of(
                                        judgment(Verdict.NEGATIVE, "b is wrong"),
                                        judgment(Verdict.NEGATIVE, "b again"))));
        CriticFeedback critic =
                CriticFeedbackBuilder.of(
                        new TaskRollouts(
                                TaskRollouts.Role.ACTIVE, 0, task, List.of(won, lost), judgments));
        assertEquals(2, critic.rollouts());
        assertEquals(1, critic.failures().size(), "only the failed rollout");
        CriticFeedback.FailedRollout failure = critic.failures().get(0);
        assertEquals(1, failure.rollout());
        assertEquals(1, failure.highRiskSteps().size(), "an invalid verdict keeps step 0 out");
        assertEquals(1, failure.highRiskSteps().get(0).stepIndex());
        assertEquals(List.of("b is wrong", "b again"), failure.highRiskSteps().get(0).reasoning());
        assertTrue(
                critic.summary().contains("high-risk steps 2 'b' (judge: b is wrong)"),
                critic.summary());
    }

    @Test
    void saysSoWhenEveryRolloutSucceeded() {
        ScriptedTask task = new ScriptedTask("t", 1);
        Trajectory won = new Trajectory(task, 0, List.of(step(0, "win")), true);
        CriticFeedback critic =
                CriticFeedbackBuilder.of(
                        new TaskRollouts(
                                TaskRollouts.Role.ACTIVE, 0, task, List.of(won), List.of()));
        assertTrue(critic.allSucceeded());
        assertEquals("All 1 rollouts succeeded.", critic.summary());
    }
}
