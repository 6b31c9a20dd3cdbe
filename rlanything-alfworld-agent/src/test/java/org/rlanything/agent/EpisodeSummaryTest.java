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

    static final SearchingExpert.Prior PRIOR =
            SearchingExpert.Prior.fromJson(
                    "{\"receptacles\": {\"cabinet\": 4, \"drawer\": 2, \"countertop\": 1},"
                            + " \"placements\": {\"spatula\": {\"drawer\": 1, \"countertop\": 1}}}",
                    "test prior");

    @Test
    void withAPriorUnvisitedPlacesComeMostLikelyFirstAndTheStepsTargetIsDescribed() {
        // spatula: countertop 1/1 = 1.0, drawer 1/2 = 0.5, cabinet 0: most likely first, then by
        // name.
        EpisodeSummary start = EpisodeSummary.of(GOAL, FIRST, List.of(), PRIOR);
        assertEquals(
                "Unvisited: countertop 1, drawer 1, drawer 3, cabinet 1, cabinet 2, cabinet 3,"
                        + " cabinet 4, fridge 1, sinkbasin 1, toilet 1\nHolding: nothing\n",
                start.render());
        assertEquals(
                List.of("first visit", "most likely place"), start.about("go to countertop 1"));
        assertEquals(List.of("first visit", "named in task"), start.about("go to drawer 1"));
        List<Step> steps =
                play(
                        "go to countertop 1",
                        "You arrive at countertop 1. On the countertop 1, you see a spatula 1.");
        EpisodeSummary seen = EpisodeSummary.of(GOAL, FIRST, steps, PRIOR);
        // The spatula is found: nothing is missing, so no place is "most likely" any more.
        assertEquals(
                List.of("visited before", "goal object seen there"),
                seen.about("go to countertop 1"));
        assertEquals(List.of("first visit"), seen.about("go to cabinet 2"));
        assertEquals(List.of("named in task"), seen.about("take spatula 1 from countertop 1"));
        assertEquals(List.of(), seen.about("take apple 1 from countertop 1"));
        assertEquals(List.of("named in task"), seen.about("move spatula 1 to drawer 3"));
    }

    @Test
    void aLongListNamesTheTenMostLikelyAndCountsTheRest() {
        String many =
                "You are in the middle of a room. Looking quickly around you, you see a cabinet 1, a"
                        + " cabinet 2, a cabinet 3, a cabinet 4, a cabinet 5, a cabinet 6, a cabinet 7, a"
                        + " cabinet 8, a cabinet 9, a countertop 1, a drawer 1, and a drawer 2.";
        assertEquals(
                "Unvisited: countertop 1, drawer 1, drawer 2, cabinet 1, cabinet 2, cabinet 3,"
                        + " cabinet 4, cabinet 5, cabinet 6, cabinet 7, and 2 more\nHolding:"
                        + " nothing\n",
                EpisodeSummary.of(GOAL, many, List.of(), PRIOR).render());
    }

    @Test
    void thePriorSurvivesItsJsonAndBadJsonIsRefusedNamingTheSource() {
        SearchingExpert.Prior back = SearchingExpert.Prior.fromJson(PRIOR.toJson(), "x");
        assertEquals(PRIOR.toJson(), back.toJson());
        assertEquals(0.5, back.score("spatula", "drawer"), 0.0);
        IllegalArgumentException e =
                org.junit.jupiter.api.Assertions.assertThrows(
                        IllegalArgumentException.class,
                        () -> SearchingExpert.Prior.fromJson("[1]", "models/x/place_prior.json"));
        org.junit.jupiter.api.Assertions.assertTrue(
                e.getMessage().startsWith("models/x/place_prior.json: "), e.getMessage());
    }
}
