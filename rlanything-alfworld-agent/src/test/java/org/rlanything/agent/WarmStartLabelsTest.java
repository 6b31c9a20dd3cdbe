package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;

/**
 * The judge's warm start learns the restrained label: its trajectories are replayed to carry it.
 */
class WarmStartLabelsTest {

    @Test
    void replayedDemonstrationsCarryTheRestrainedLabelAndKeepEverythingElse() {
        List<AlfworldTask> games = AgentFixtures.training().subList(0, 6);
        SearchingExpert.Prior prior = SearchingExpert.Prior.of(AgentFixtures.training());
        List<Trajectory> demos =
                PlannerDemonstrations.collect(games, prior, 0.3, 30, 5L).trajectories();
        List<Trajectory> relabelled = Pretrainer.withRestrainedLabels(demos, prior, 30);
        int differing = 0;
        for (int k = 0; k < demos.size(); k++) {
            Trajectory before = demos.get(k);
            Trajectory after = relabelled.get(k);
            assertEquals(before.won(), after.won());
            assertEquals(before.length(), after.length());
            for (int i = 0; i < before.length(); i++) {
                assertEquals(
                        before.steps().get(i).action().command(),
                        after.steps().get(i).action().command());
                assertEquals(
                        before.steps().get(i).nextObservation(),
                        after.steps().get(i).nextObservation());
                assertEquals(before.steps().get(i).label(), after.steps().get(i).label());
                assertNotEquals(StepLabel.UNKNOWN, after.steps().get(i).restrainedLabel());
                differing +=
                        after.steps().get(i).label() != after.steps().get(i).restrainedLabel()
                                ? 1
                                : 0;
            }
        }
        assertTrue(
                differing > 0,
                "the demonstrator's search steps are GOOD under the restrained label only");
    }
}
