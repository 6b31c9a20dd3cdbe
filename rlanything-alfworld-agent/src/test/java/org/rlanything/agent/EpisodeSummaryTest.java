package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Step;

class EpisodeSummaryTest {

    static final String FIRST =
            "-= Welcome to TextWorld, ALFRED! =-\n\nYou are in the middle of a room. Looking quickly"
                    + " around you, you see a cabinet 4, a cabinet 3, a cabinet 2, a cabinet 1, a"
                    + " countertop 1, a drawer 3, a drawer 1, a fridge 1, a sinkbasin 1, and a"
                    + " toilet 1.\n\nYour task is to: put a clean spatula in drawer.";

    static final String GOAL = "put a clean spatula in drawer.";

    private static List<Step> play(String... commandThenObservation) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < commandThenObservation.length; i += 2) {
            steps.add(
                    AlfworldPromptFormatTest.step(
                            i / 2, commandThenObservation[i], "x", commandThenObservation[i + 1]));
        }
        return steps;
    }

    @Test
    void atTheStartItListsTheRoomGroupedByTypeAndNothingElse() {
        assertEquals(
                "Unvisited: cabinet 1-4, countertop 1, drawer 1 3, fridge 1, sinkbasin 1, toilet 1\n"
                        + "Holding: nothing\n",
                EpisodeSummary.of(GOAL, FIRST, List.of()).render());
    }

    @Test
    void itFollowsPlacesGoalObjectsAndWhatIsHeld() {
        List<Step> steps =
                play(
                        "go to cabinet 2",
                        "You arrive at cabinet 2. The cabinet 2 is closed.",
                        "open cabinet 2",
                        "You open the cabinet 2. The cabinet 2 is open. In it, you see a spatula 1,"
                                + " and a soapbar 1.",
                        "go to sinkbasin 1",
                        "You arrive at sinkbasin 1. On the sinkbasin 1, you see a apple 2, and a"
                                + " spatula 2.",
                        "go to toilet 7",
                        "Nothing happens.",
                        "take spatula 2 from sinkbasin 1",
                        "You pick up the spatula 2 from the sinkbasin 1.",
                        "clean spatula 2 with sinkbasin 1",
                        "You clean the spatula 2 using the sinkbasin 1.");
        // Objects of types the task does not name (soapbar, apple) are left out; a failed go to
        // reaches nothing; the spatula in hand is no longer where it was seen.
        assertEquals(
                "Unvisited: cabinet 1 3 4, countertop 1, drawer 1 3, fridge 1, toilet 1\n"
                        + "Opened: cabinet 2\n"
                        + "Seen: spatula 1 at cabinet 2\n"
                        + "Holding: spatula 2 (cleaned)\n",
                EpisodeSummary.of(GOAL, FIRST, steps).render());
        List<Step> more = new ArrayList<>(steps);
        more.addAll(
                play(
                        "go to drawer 1",
                        "You arrive at drawer 1. On the drawer 1, you see nothing.",
                        "move spatula 2 to drawer 1",
                        "You move the spatula 2 to the drawer 1.",
                        "go to cabinet 2",
                        "You arrive at cabinet 2. The cabinet 2 is open. In it, you see a soapbar"
                                + " 1.",
                        "close cabinet 2",
                        "You close the cabinet 2."));
        for (int i = 0; i < more.size(); i++) {
            Step s = more.get(i);
            more.set(
                    i,
                    AlfworldPromptFormatTest.step(
                            i, s.action().command(), "x", s.nextObservation()));
        }
        // The spatula put down is seen where it was put; a look into cabinet 2 that no longer
        // shows spatula 1 forgets it there; a closed receptacle is no longer listed as opened.
        assertEquals(
                "Unvisited: cabinet 1 3 4, countertop 1, drawer 3, fridge 1, toilet 1\n"
                        + "Seen: spatula 2 at drawer 1\n"
                        + "Holding: nothing\n",
                EpisodeSummary.of(GOAL, FIRST, more).render());
    }

    @Test
    void rangesCollapseRunsOfThreeOrMore() {
        assertEquals(
                "shelf, cabinet 1-3 5, drawer 2 3",
                EpisodeSummary.ranges(
                        List.of(
                                "cabinet 5",
                                "drawer 3",
                                "cabinet 1",
                                "shelf",
                                "cabinet 2",
                                "drawer 2",
                                "cabinet 3")));
    }
}
