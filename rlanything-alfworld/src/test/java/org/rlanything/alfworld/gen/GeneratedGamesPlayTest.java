package org.rlanything.alfworld.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldSession;
import org.rlanything.alfworld.GameLoader;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.core.StepResult;

/**
 * Generated games, read back from disk by the engine's loader, are won by playing the planner's
 * plan.
 */
class GeneratedGamesPlayTest {

    @Test
    void everyWrittenGameLoadsAndItsPlanWinsInTheEngine(@TempDir Path out) throws IOException {
        GenerationRun run = Planners.generator().run(10086, 100);
        run.writeTo(out);
        for (GeneratedGame generated : run.games()) {
            Path file = out.resolve(generated.folder()).resolve(GameFiles.FILE_NAME);
            AlfworldGame game = AlfworldGame.compile(GameLoader.read(file));
            assertEquals(generated.scene().goal().text(), game.goalText(), file.toString());
            String intro = game.initialObservationWithoutBanner();
            assertTrue(
                    intro.startsWith(
                            "You are in the middle of a room. Looking quickly around you, you see a "),
                    intro);
            assertTrue(
                    intro.endsWith("\n\nYour task is to: " + generated.scene().goal().text()),
                    intro);
            Optional<Plan> plan = new AlfworldPlanner(game).plan(game.newState());
            assertTrue(plan.isPresent(), file.toString());
            assertEquals(generated.optimalSteps(), plan.get().length(), file.toString());
            AlfworldSession session = AlfworldSession.start(game, GameGenerator.DEFAULT_MAX_STEPS);
            StepResult last = null;
            for (String command : plan.get().commands()) {
                assertTrue(
                        session.admissibleActions().contains(command),
                        file + ": '" + command + "' is not admissible");
                last = session.step(command);
            }
            assertTrue(
                    last != null && last.won() && session.won(),
                    file + " is not won by " + plan.get().commands());
        }
    }
}
