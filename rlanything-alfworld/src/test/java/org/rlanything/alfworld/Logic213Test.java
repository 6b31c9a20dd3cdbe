package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.plan.AlfworldPlanner;

/**
 * Both grammar versions: the 2.1.1 files as shipped, and the 2.1.3 text by patch or by logic files.
 */
class Logic213Test {

    private static Path heatGame() {
        return TestData.gameFiles().stream()
                .filter(p -> p.toString().contains("pick_heat_then_place_in_recep-Apple"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void thePatchBringsMoveHelpAndReceptacleArrivals() throws IOException {
        GameFile original = GameLoader.read(heatGame());
        assertFalse(Logic213.is213(original));
        GameFile patched = Logic213.patch(original);
        assertTrue(Logic213.is213(patched));
        assertEquals(patched, Logic213.patch(patched), "patching twice changes nothing more");
        AlfworldGame old = AlfworldGame.compile(original);
        AlfworldGame game = AlfworldGame.compile(patched);
        assertEquals(old.initialObservation(), game.initialObservation());
        assertTrue(game.rules().has(org.rlanything.alfworld.world.Verb.HELP));
        assertFalse(old.rules().has(org.rlanything.alfworld.world.Verb.HELP));

        AlfworldSession session = AlfworldSession.start(game, 50);
        AlfworldSession oldSession = AlfworldSession.start(old, 50);
        assertTrue(session.admissibleActions().contains("help"));
        assertFalse(oldSession.admissibleActions().contains("help"));
        assertEquals(Logic213.HELP_TEXT, session.step("help").observation());
        assertEquals(AlfworldSession.NOTHING_HAPPENS, oldSession.step("help").observation());

        assertEquals(
                "You arrive at fridge 1. The fridge 1 is closed.",
                session.step("go to fridge 1").observation());
        // loc numbers count down in sorted-id order: loc_bar_0_bar_5_bar_1_bar_60 is the 2nd of 31
        // ids
        assertEquals(
                "You arrive at loc 30. The fridge 1 is closed.",
                oldSession.step("go to fridge 1").observation());
        session.step("open fridge 1");
        oldSession.step("open fridge 1");
        String take =
                session.admissibleActions().stream()
                        .filter(c -> c.startsWith("take "))
                        .findFirst()
                        .orElseThrow();
        session.step(take);
        oldSession.step(take);
        String object = take.substring(5, take.indexOf(" from "));
        assertTrue(
                session.admissibleActions().contains("move " + object + " to fridge 1"),
                session.admissibleActions().toString());
        assertTrue(oldSession.admissibleActions().contains("put " + object + " in/on fridge 1"));
        assertFalse(session.admissibleActions().stream().anyMatch(c -> c.startsWith("put ")));
        assertEquals(
                "You move the " + object + " to the fridge 1.",
                session.step("move " + object + " to fridge 1").observation());
        assertEquals(
                "You put the " + object + " in/on the fridge 1.",
                oldSession.step("put " + object + " in/on fridge 1").observation());
    }

    @Test
    void thePatchedGameAndThe213LogicFilesPlayTheSame() throws IOException {
        Path logic = TestData.requireRoot().resolve("logic_2.1.3");
        String domain = Files.readString(logic.resolve("alfred.pddl"), StandardCharsets.UTF_8);
        String grammar = Files.readString(logic.resolve("alfred.twl2"), StandardCharsets.UTF_8);
        SplittableRandom random = new SplittableRandom(3);
        for (Path file : TestData.firstGames(48)) {
            GameFile original = GameLoader.read(file);
            AlfworldGame patched = AlfworldGame.compile(Logic213.patch(original));
            AlfworldGame viaLogic =
                    AlfworldGame.compile(Logic213.withLogic(original, domain, grammar));
            assertEquals(patched.initialObservation(), viaLogic.initialObservation());
            assertEquals(TestData.game(file).goalText(), viaLogic.goalText());
            AlfworldSession a = AlfworldSession.start(patched, 30);
            AlfworldSession b = AlfworldSession.start(viaLogic, 30);
            while (!a.done()) {
                assertEquals(a.admissibleActions(), b.admissibleActions());
                List<String> commands = a.admissibleActions();
                String command = commands.get(random.nextInt(commands.size()));
                assertEquals(a.step(command), b.step(command), file + ": " + command);
            }
            assertEquals(
                    new AlfworldPlanner(patched).distance(patched.newState()),
                    new AlfworldPlanner(viaLogic).distance(viaLogic.newState()));
        }
    }
}
