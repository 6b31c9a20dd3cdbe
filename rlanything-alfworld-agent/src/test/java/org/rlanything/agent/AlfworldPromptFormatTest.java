package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

class AlfworldPromptFormatTest {

    static final String FIRST =
            "-= Welcome to TextWorld, ALFRED! =-\n\nYou are in the middle of a room. Looking quickly"
                    + " around you, you see a cabinet 1, a drawer 1, and a sinkbasin 1.\n\nYour task is to: put a clean spatula"
                    + " in drawer.";

    record FakeTask(String describe) implements Task {
        @Override
        public String id() {
            return "fake";
        }
    }

    static Step step(int i, String command, String before, String after) {
        return new Step(
                i,
                before,
                List.of(command, "look"),
                new Action(command, " " + command, 0, null),
                after,
                StepLabel.GOOD);
    }

    static List<Step> history() {
        List<Step> h = new ArrayList<>();
        h.add(
                step(
                        0,
                        "go to cabinet 1",
                        FIRST,
                        "You arrive at cabinet 1. The cabinet 1 is closed."));
        h.add(
                step(
                        1,
                        "go to sinkbasin 1",
                        h.get(0).nextObservation(),
                        "You arrive at sinkbasin 1. On the sinkbasin 1, you see a apple 2, and a spatula 2."));
        h.add(
                step(
                        2,
                        "take spatula 2 from sinkbasin 1",
                        h.get(1).nextObservation(),
                        "You pick up the spatula 2 from the sinkbasin 1."));
        h.add(
                step(
                        3,
                        "clean spatula 2 with sinkbasin 1",
                        h.get(2).nextObservation(),
                        "You clean the spatula 2 using the sinkbasin 1."));
        h.add(
                step(
                        4,
                        "go to cabinet 1",
                        h.get(3).nextObservation(),
                        "You arrive at cabinet 1. The cabinet 1 is closed."));
        return h;
    }

    @Test
    void firstPolicyPromptHoldsTheTaskAndTheRoomWithoutBannerOrListing() {
        AlfworldPromptFormat f = AlfworldPromptFormat.defaults();
        String p =
                f.policyPrompt(
                        new PolicyContext(
                                new FakeTask("put a clean spatula in drawer."),
                                List.of(),
                                FIRST,
                                List.of("go to cabinet 1")));
        assertEquals(
                "Task: put a clean spatula in drawer.\nCarrying: nothing\nYou are in the middle of a room.\n>",
                p);
        AlfworldPromptFormat withRoom = new AlfworldPromptFormat(3, 1, true, 8, 160);
        String q =
                withRoom.policyPrompt(
                        new PolicyContext(new FakeTask("t"), List.of(), FIRST, List.of()));
        assertTrue(q.contains("a cabinet 1, a drawer 1, and a sinkbasin 1."), q);
        assertFalse(q.contains("Welcome") || q.contains("Your task is to"), q);
    }

    @Test
    void laterPolicyPromptsSummariseVisitsAndTheHeldObjectAndShowTheLastSteps() {
        List<Step> h = history();
        String p =
                AlfworldPromptFormat.defaults()
                        .policyPrompt(
                                new PolicyContext(
                                        new FakeTask("put a clean spatula in drawer."),
                                        h,
                                        h.get(4).nextObservation(),
                                        List.of("open cabinet 1")));
        assertEquals(
                "Task: put a clean spatula in drawer.\n"
                        + "Visited: sinkbasin 1, cabinet 1\n"
                        + "Carrying: spatula 2\n"
                        + "> take spatula 2 from sinkbasin 1\nYou pick up the spatula 2 from the sinkbasin 1.\n"
                        + "> clean spatula 2 with sinkbasin 1\nYou clean the spatula 2 using the sinkbasin 1.\n"
                        + "> go to cabinet 1\nYou arrive at cabinet 1. The cabinet 1 is closed.\n>",
                p);
        assertEquals(
                " open cabinet 1",
                AlfworldPromptFormat.defaults().commandResponse("open cabinet 1"));
        assertEquals(
                "open cabinet 1",
                AlfworldPromptFormat.defaults().commandFromText(" open cabinet 1 "));
    }

    @Test
    void puttingTheObjectDownEmptiesTheHand() {
        List<Step> h = new ArrayList<>(history());
        h.add(
                step(
                        5,
                        "move spatula 2 to cabinet 1",
                        "x",
                        "You move the spatula 2 to the cabinet 1."));
        assertEquals("nothing", AlfworldPromptFormat.carrying(h));
        h.add(
                step(
                        6,
                        "take apple 2 from sinkbasin 1",
                        "x",
                        "You pick up the apple 2 from the sinkbasin 1."));
        assertEquals("apple 2", AlfworldPromptFormat.carrying(h));
        h.add(
                step(
                        7,
                        "put apple 2 in/on drawer 1",
                        "x",
                        "You put the apple 2 in/on the drawer 1."));
        assertEquals("nothing", AlfworldPromptFormat.carrying(h));
    }

    @Test
    void judgePromptShowsWhatTheAgentHasSeenThenTheStepItsResultAndWhereItStands() {
        List<Step> h = history();
        Trajectory t = new Trajectory(new FakeTask("put a clean spatula in drawer."), 0, h, false);
        AlfworldPromptFormat threeSteps = new AlfworldPromptFormat(3, 3, false, 8, 160);
        String p = threeSteps.judgePrompt(new JudgeRequest(t, 2));
        assertEquals(
                "Task: put a clean spatula in drawer.\n"
                        + "Unvisited: drawer 1\n"
                        + "Seen: spatula 2 at sinkbasin 1\n"
                        + "Holding: nothing\n"
                        + "> go to cabinet 1\nYou arrive at cabinet 1. The cabinet 1 is closed.\n"
                        + "> go to sinkbasin 1\nYou arrive at sinkbasin 1. On the sinkbasin 1, you see a apple 2, and a spatula 2.\n"
                        + "> take spatula 2 from sinkbasin 1 (named in task)\n"
                        + "Result: You pick up the spatula 2 from the sinkbasin 1.\n"
                        + "Step 3, 2 options.\n"
                        + "Judgment:",
                p);
        // The default judge shows the summary and only the last earlier step.
        assertTrue(
                AlfworldPromptFormat.defaults()
                        .judgePrompt(new JudgeRequest(t, 2))
                        .contains(
                                "Holding: nothing\n> go to sinkbasin 1\nYou arrive at sinkbasin"
                                        + " 1."),
                p);
        String first = AlfworldPromptFormat.defaults().judgePrompt(new JudgeRequest(t, 0));
        assertTrue(
                first.startsWith(
                        "Task: put a clean spatula in drawer.\nUnvisited: cabinet 1, drawer 1, sinkbasin 1\n"
                                + "Holding: nothing\nYou are in the middle of a room.\n"
                                + "> go to cabinet 1 (first visit)\nResult: "),
                first);
        // The policy saw the same steps at that step (its prompt ends where the judged command
        // begins); the judge's opening lines summarise the whole history instead.
        String policy =
                AlfworldPromptFormat.defaults()
                        .policyPrompt(
                                new PolicyContext(
                                        t.task(),
                                        h.subList(0, 2),
                                        h.get(2).observation(),
                                        h.get(2).admissibleActions()));
        String steps = policy.substring(policy.indexOf("> "), policy.length() - 1);
        assertTrue(p.contains(steps + "> take spatula 2"), policy);
        // The judge of the old layout read the policy's header.
        AlfworldPromptFormat old = new AlfworldPromptFormat(3, 3, false, 8, 160, 720, false, null);
        assertTrue(
                old.judgePrompt(new JudgeRequest(t, 2))
                        .startsWith(
                                "Task: put a clean spatula in drawer.\n"
                                        + "Visited: cabinet 1, sinkbasin 1\n"
                                        + "Carrying: nothing\n> go to cabinet 1\n"));
    }

    @Test
    void judgePromptShowsFewerEarlierStepsRatherThanCutTheTask() {
        List<Step> h = history();
        Trajectory t = new Trajectory(new FakeTask("put a clean spatula in drawer."), 0, h, false);
        AlfworldPromptFormat tight = new AlfworldPromptFormat(3, 3, false, 8, 160, 330, true, null);
        String p = tight.judgePrompt(new JudgeRequest(t, 4));
        assertTrue(p.length() <= 330, p.length() + ": " + p);
        assertTrue(p.startsWith("Task: put a clean spatula in drawer.\n"), p);
        assertTrue(
                p.contains("> clean spatula 2 with sinkbasin 1\n")
                        && !p.contains("> take spatula 2"),
                p);
        assertTrue(
                p.endsWith(
                        "> go to cabinet 1 (visited before)\nResult: You arrive at cabinet 1. The"
                                + " cabinet 1 is closed.\nStep 5, 2 options.\nJudgment:"),
                p);
    }

    @Test
    void warmStartJudgmentsParseToTheirVerdicts() {
        assertEquals(Verdict.POSITIVE, Verdict.parse(AlfworldPromptFormat.GOOD_JUDGMENT));
        assertEquals(Verdict.NEGATIVE, Verdict.parse(AlfworldPromptFormat.BAD_JUDGMENT));
    }

    @Test
    void longObservationsAreCut() {
        String many =
                "You arrive at countertop 1. On the countertop 1, you see "
                        + "a fork 1, ".repeat(60)
                        + "and a cup 1.";
        List<Step> h =
                List.of(step(0, "go to countertop 1", FIRST, many), step(1, "look", many, many));
        String p =
                new AlfworldPromptFormat(3, 1, false, 8, 40)
                        .policyPrompt(new PolicyContext(new FakeTask("t"), h, many, List.of()));
        assertTrue(p.contains("> go to countertop 1\n" + many.substring(0, 37) + "...\n"), p);
        assertTrue(p.contains("> look\n" + many.substring(0, 77) + "...\n>"), p);
        assertThrows(
                IllegalArgumentException.class, () -> new AlfworldPromptFormat(3, 1, false, 8, 4));
    }
}
