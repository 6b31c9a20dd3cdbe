package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;

class SearchingExpertTest {

    @Test
    void theDemonstratorWinsAndOnlyTakesObjectsItHasSeen() {
        List<AlfworldTask> games = AgentFixtures.training();
        SearchingExpert.Prior prior = SearchingExpert.Prior.of(games);
        PlannerDemonstrations d = PlannerDemonstrations.collect(games, prior, 0.0, 50, 1);
        assertEquals(games.size(), d.trajectories().size());
        assertEquals(
                d.targets().size(), d.trajectories().stream().mapToInt(Trajectory::length).sum());
        for (Trajectory t : d.trajectories()) {
            assertTrue(t.won(), AlfworldPromptFormat.goal(t.task()));
            StringBuilder seen = new StringBuilder(t.steps().get(0).observation());
            for (Step s : t.steps()) {
                String object = SearchingExpert.usedObject(s.action().command());
                if (object != null && s.action().command().startsWith("take ")) {
                    assertTrue(
                            SearchingExpert.mentions(seen, object),
                            s.action().command() + " before seeing it");
                }
                seen.append('\n').append(s.nextObservation());
            }
        }
        // The same seed gives the same demonstrations.
        PlannerDemonstrations again = PlannerDemonstrations.collect(games, prior, 0.3, 20, 5);
        PlannerDemonstrations same = PlannerDemonstrations.collect(games, prior, 0.3, 20, 5);
        assertEquals(
                again.targets().stream().map(PlannerDemonstrations.Target::command).toList(),
                same.targets().stream().map(PlannerDemonstrations.Target::command).toList());
    }

    @Test
    void namesMatchWholeEntities() {
        assertTrue(SearchingExpert.mentions("you see a apple 1, and a cup 10.", "apple 1"));
        assertFalse(SearchingExpert.mentions("you see a cup 10.", "cup 1"));
        assertFalse(SearchingExpert.mentions("you see a pineapple 1.", "apple 1"));
        assertEquals("sinkbasin", SearchingExpert.typeOf("sinkbasin 1"));
        assertEquals("take", SearchingExpert.typeOf("take"));
        assertEquals("apple 2", SearchingExpert.usedObject("take apple 2 from countertop 1"));
        assertEquals("desklamp 1", SearchingExpert.usedObject("use desklamp 1"));
    }
}
