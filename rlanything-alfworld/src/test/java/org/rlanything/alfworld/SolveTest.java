package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.core.StepResult;

/**
 * The planner wins every held-out game within 50 steps, and its plans are as short as the
 * manifest's.
 */
class SolveTest {

    @Test
    void thePlannerWinsEveryGameWithinFiftySteps() {
        JsonNode manifest = TestData.json("manifest.json");
        List<String> failures = new ArrayList<>();
        List<String> lengthDifferences = new ArrayList<>();
        int solved = 0;
        for (JsonNode row : manifest) {
            String path = row.get("path").asText();
            AlfworldGame game = TestData.game(TestData.resolve(path));
            Optional<Plan> plan = new AlfworldPlanner(game).plan(game.newState());
            if (plan.isEmpty()) {
                failures.add(path + ": no plan");
                continue;
            }
            AlfworldSession session = AlfworldSession.start(game, 50);
            StepResult last = null;
            for (String command : plan.get().commands()) {
                assertTrue(
                        session.admissibleActions().contains(command),
                        path
                                + ": '"
                                + command
                                + "' is not admissible; admissible: "
                                + session.admissibleActions());
                last = session.step(command);
            }
            if (last == null || !last.won() || plan.get().length() > 50) {
                failures.add(path + ": plan " + plan.get().commands() + " does not win");
                continue;
            }
            int expected = row.get("min_text_steps_omniscient_derived").asInt();
            if (expected < plan.get().length()) {
                failures.add(
                        path
                                + ": planner "
                                + plan.get().length()
                                + " is longer than the manifest's "
                                + expected);
            } else if (expected != plan.get().length()) {
                lengthDifferences.add(
                        path
                                + ": planner "
                                + plan.get().length()
                                + " vs manifest "
                                + expected
                                + " "
                                + plan.get().commands());
            }
            solved++;
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertEquals(48, solved);
        System.out.println(
                "Plans shorter than the manifest's cross-check ("
                        + lengthDifferences.size()
                        + "):\n"
                        + String.join("\n", lengthDifferences));
        // The manifest's search kept every object in one receptacle; ALFWorld scenes put a few
        // objects in two
        // overlapping receptacles (a desk lamp on the desk and on the shelf above it), which can
        // save a step.
        assertTrue(lengthDifferences.size() <= 2, String.join("\n", lengthDifferences));
    }
}
