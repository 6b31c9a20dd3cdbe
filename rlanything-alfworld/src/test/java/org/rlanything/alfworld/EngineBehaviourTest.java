package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;

/** Rules of the real engine that the held-out data and real transcripts show. */
class EngineBehaviourTest {

    private static AlfworldGame game(String contains) {
        Path file =
                TestData.gameFiles().stream()
                        .filter(p -> p.toString().contains(contains))
                        .findFirst()
                        .orElseThrow();
        return TestData.game(file);
    }

    @Test
    void admissibleListsAreSortedUniqueAndMatchPlainSorting() {
        SplittableRandom random = new SplittableRandom(11);
        int states = 0;
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            AlfworldSession session = AlfworldSession.start(game, 40);
            while (!session.done()) {
                List<String> commands = session.admissibleActions();
                assertEquals(new ArrayList<>(new TreeSet<>(commands)), commands, file.toString());
                states++;
                session.step(commands.get(random.nextInt(commands.size())));
            }
        }
        assertTrue(states > 1000, "states checked: " + states);
    }

    @Test
    void theStartListsEveryReceptacleAndOnlyGoToLookAndInventory() {
        AlfworldGame game = game("pick_heat_then_place_in_recep-Apple-None-Fridge");
        List<String> start = game.admissible(game.newState());
        GameEntities scene = game.scene();
        assertEquals(scene.count(Kind.RECEPTACLE) + 2, start.size(), start.toString());
        assertTrue(
                start.stream()
                        .allMatch(
                                c ->
                                        c.startsWith("go to ")
                                                || c.equals("look")
                                                || c.equals("inventory")));
        assertEquals("go to cabinet 1", start.get(0));
        int cabinet10 = start.indexOf("go to cabinet 10");
        assertTrue(
                cabinet10 < 0 || cabinet10 == 1,
                "string order puts cabinet 10 right after cabinet 1");
    }

    @Test
    void goingToAReceptacleAtTheSameSpotIsNotAdmissibleAndNothingHappens() {
        // pick_and_place_simple-PepperShaker-None-Drawer-10 has stoveburners sharing a location.
        AlfworldGame game = game("pick_and_place_simple-PepperShaker-None-Drawer-10");
        GameEntities scene = game.scene();
        int a = -1;
        int b = -1;
        for (int r = 0; r < scene.count(Kind.RECEPTACLE) && a < 0; r++) {
            for (int q = r + 1; q < scene.count(Kind.RECEPTACLE); q++) {
                if (scene.receptacleLocation(r) == scene.receptacleLocation(q)) {
                    a = r;
                    b = q;
                    break;
                }
            }
        }
        assertTrue(a >= 0, "the scene should have two receptacles at one spot");
        AlfworldSession session = AlfworldSession.start(game, 50);
        String nameA = scene.name(Kind.RECEPTACLE, a);
        String nameB = scene.name(Kind.RECEPTACLE, b);
        session.step("go to " + nameA);
        assertFalse(session.admissibleActions().contains("go to " + nameA));
        assertFalse(session.admissibleActions().contains("go to " + nameB));
        assertTrue(session.admissibleActions().contains("examine " + nameB));
        StepResult result = session.step("go to " + nameB);
        assertEquals(AlfworldSession.NOTHING_HAPPENS, result.observation());
        String look = session.step("look").observation();
        String first = a < b ? nameA : nameB;
        String second = a < b ? nameB : nameA;
        assertEquals(
                "You are facing the "
                        + first
                        + ", and "
                        + second
                        + ". Next to it, you see nothing.",
                look);
        assertEquals(3, session.steps(), "a step that changes nothing still counts");
    }

    @Test
    void onlyTheHeldObjectCanBeExaminedAndInventoryListsIt() {
        AlfworldGame game = game("pick_heat_then_place_in_recep-Apple-None-Fridge");
        AlfworldSession session = AlfworldSession.start(game, 50);
        assertEquals("You are not carrying anything.", session.step("inventory").observation());
        session.step("go to fridge 1");
        session.step("open fridge 1");
        assertTrue(
                session.admissibleActions().stream()
                        .noneMatch(c -> c.startsWith("examine ") && !c.equals("examine fridge 1")),
                session.admissibleActions().toString());
        String take =
                session.admissibleActions().stream()
                        .filter(c -> c.startsWith("take "))
                        .findFirst()
                        .orElseThrow();
        String object = take.substring(5, take.indexOf(" from "));
        assertEquals(
                "You pick up the " + object + " from the fridge 1.",
                session.step(take).observation());
        assertTrue(session.admissibleActions().contains("examine " + object));
        assertEquals(
                "You are carrying: a " + object + ".", session.step("inventory").observation());
        assertTrue(session.step("examine " + object).observation().contains(object));
        assertEquals("You close the fridge 1.", session.step("close fridge 1").observation());
        assertEquals("The fridge 1 is closed.", session.step("examine fridge 1").observation());
    }

    @Test
    void anObjectTakenFromOneOfTwoReceptaclesStaysInTheOther() {
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            GameEntities scene = game.scene();
            GameState state = game.newState();
            for (int o = 0; o < scene.count(Kind.OBJECT); o++) {
                List<Integer> in = new ArrayList<>();
                for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
                    if (state.inReceptacle(o, r) && !scene.openable(r)) {
                        in.add(r);
                    }
                }
                if (in.size() < 2
                        || scene.receptacleLocation(in.get(0))
                                == scene.receptacleLocation(in.get(1))
                        || (scene.staticFlags(o) & org.rlanything.alfworld.world.Flags.PICKUPABLE)
                                == 0) {
                    continue;
                }
                AlfworldSession session = AlfworldSession.start(game, 50);
                String name = scene.name(Kind.OBJECT, o);
                String first = scene.name(Kind.RECEPTACLE, in.get(0));
                String second = scene.name(Kind.RECEPTACLE, in.get(1));
                session.step("go to " + first);
                assertEquals(
                        "You pick up the " + name + " from the " + first + ".",
                        session.step("take " + name + " from " + first).observation());
                String seen = session.step("go to " + second).observation();
                assertTrue(seen.contains("a " + name), seen);
                assertFalse(
                        session.admissibleActions().contains("take " + name + " from " + second));
                return;
            }
        }
        throw new AssertionError(
                "no held-out scene has an object in two receptacles at different spots");
    }

    @Test
    void anObjectPutNextToWhereItWasTakenShowsOnTheFloor() {
        // Taking from one of two receptacles at a spot and putting into the other leaves
        // TextWorld's
        // negative fact not_inreceptacle(o, first), which its 'look' grammar lists next to the
        // agent.
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            GameEntities scene = game.scene();
            GameState s = game.newState();
            for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
                for (int q = 0; q < scene.count(Kind.RECEPTACLE); q++) {
                    if (r == q
                            || scene.receptacleLocation(r) != scene.receptacleLocation(q)
                            || scene.openable(r)
                            || scene.openable(q)) {
                        continue;
                    }
                    for (int o = 0; o < scene.count(Kind.OBJECT); o++) {
                        if (s.inReceptacle(o, r)
                                && !s.inReceptacle(o, q)
                                && scene.canPut(o, q)
                                && (scene.staticFlags(o)
                                                & org.rlanything.alfworld.world.Flags.PICKUPABLE)
                                        != 0) {
                            AlfworldSession session = AlfworldSession.start(game, 50);
                            String on = scene.name(Kind.OBJECT, o);
                            session.step("go to " + scene.name(Kind.RECEPTACLE, r));
                            session.step("take " + on + " from " + scene.name(Kind.RECEPTACLE, r));
                            String put = "put " + on + " in/on " + scene.name(Kind.RECEPTACLE, q);
                            assertTrue(
                                    session.admissibleActions().contains(put),
                                    session.admissibleActions().toString());
                            session.step(put);
                            String look = session.step("look").observation();
                            assertTrue(look.endsWith("Next to it, you see a " + on + "."), look);
                            return;
                        }
                    }
                }
            }
        }
        throw new AssertionError("no scene offers two open receptacles at one spot");
    }

    @Test
    void theStepLimitEndsTheEpisodeAndFurtherStepsFail() {
        AlfworldGame game = game("pick_two_obj_and_place");
        AlfworldSession session = AlfworldSession.start(game, 3);
        assertFalse(session.step("look").done());
        assertFalse(session.step("dance").done());
        StepResult last = session.step("  inventory  ");
        assertEquals("You are not carrying anything.", last.observation());
        assertTrue(last.done());
        assertFalse(last.won());
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> session.step("look"));
        assertTrue(e.getMessage().contains("step limit"), e.getMessage());
    }

    @Test
    void stepLabelsAreGoodAlongAShortestPlanAndBadOtherwise() {
        AlfworldGame game = game("pick_cool_then_place_in_recep-Bread");
        List<String> plan =
                new org.rlanything.alfworld.plan.AlfworldPlanner(game)
                        .plan(game.newState())
                        .orElseThrow()
                        .commands();
        AlfworldSession labelled =
                AlfworldEnvironment.builder().optStepLabels(true).build().start(game);
        assertEquals(StepLabel.BAD, labelled.step("look").label());
        assertEquals(StepLabel.BAD, labelled.step("do a dance").label());
        for (String command : plan) {
            assertEquals(StepLabel.GOOD, labelled.step(command).label(), command);
        }
        assertTrue(labelled.won());
        AlfworldSession plain = AlfworldEnvironment.create().start(game);
        assertEquals(StepLabel.UNKNOWN, plain.step(plan.get(0)).label());
    }

    /** Takes {@code object} (any receptacle holding it), opening the receptacle when needed. */
    private static void fetch(AlfworldSession session, GameEntities scene, int object) {
        GameState state = session.state();
        for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
            if (state.inReceptacle(object, r)) {
                String rn = scene.name(Kind.RECEPTACLE, r);
                if (state.agentLocation() != scene.receptacleLocation(r)) {
                    session.step("go to " + rn);
                }
                if (scene.openable(r) && !session.state().opened(r)) {
                    session.step("open " + rn);
                }
                String take = "take " + scene.name(Kind.OBJECT, object) + " from " + rn;
                assertTrue(
                        session.admissibleActions().contains(take),
                        session.admissibleActions().toString());
                session.step(take);
                return;
            }
        }
        throw new AssertionError("no receptacle holds " + scene.name(Kind.OBJECT, object));
    }

    private static int firstObject(
            GameEntities scene, GameState state, String name, boolean inReceptacle) {
        for (int o = 0; o < scene.count(Kind.OBJECT); o++) {
            if (scene.name(Kind.OBJECT, o).startsWith(name + " ")
                    && (!inReceptacle || state.inAnyReceptacle(o))) {
                return o;
            }
        }
        return -1;
    }

    @Test
    void slicingHeatingAndCoolingChangeWhatExamineSays() {
        AlfworldGame game = game("pick_heat_then_place_in_recep-Apple-None-Fridge-10");
        GameEntities scene = game.scene();
        GameState start = game.newState();
        int knife = firstObject(scene, start, "knife", true);
        int apple = firstObject(scene, start, "apple", true);
        assertTrue(knife >= 0 && apple >= 0);
        AlfworldSession session = AlfworldSession.start(game, 50);
        fetch(session, scene, knife);
        String k = scene.name(Kind.OBJECT, knife);
        String a = scene.name(Kind.OBJECT, apple);
        int appleReceptacle = -1;
        for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
            if (start.inReceptacle(apple, r)) {
                appleReceptacle = r;
            }
        }
        String rn = scene.name(Kind.RECEPTACLE, appleReceptacle);
        if (session.state().agentLocation() != scene.receptacleLocation(appleReceptacle)) {
            session.step("go to " + rn);
        }
        // slicing needs the object at this spot, not an open receptacle
        assertTrue(
                session.admissibleActions().contains("slice " + a + " with " + k),
                session.admissibleActions().toString());
        assertEquals(
                "You sliced the " + a + " with the " + k + ".",
                session.step("slice " + a + " with " + k).observation());
        assertEquals(
                "There's nothing special about " + k + ".",
                session.step("examine " + k).observation());
        String put =
                session.admissibleActions().stream()
                        .filter(c -> c.startsWith("put " + k + " "))
                        .findFirst()
                        .orElseThrow();
        session.step(put);
        fetch(session, scene, apple);
        assertEquals("This is a sliced " + a + ".", session.step("examine " + a).observation());
        session.step("go to microwave 1");
        assertEquals(
                "You heat the " + a + " using the microwave 1.",
                session.step("heat " + a + " with microwave 1").observation());
        assertEquals("This is a hot sliced " + a + ".", session.step("examine " + a).observation());
        session.step("go to fridge 1");
        assertEquals(
                "You cool the " + a + " using the fridge 1.",
                session.step("cool " + a + " with fridge 1").observation());
        assertEquals(
                "This is a cool sliced " + a + ".", session.step("examine " + a).observation());
        assertFalse(session.admissibleActions().contains("heat " + a + " with fridge 1"));
    }

    @Test
    void theDeskLampTurnsOnEveryTimeAndWinsWithTheObjectInHand() {
        AlfworldGame game =
                game(
                        "look_at_obj_in_light-AlarmClock-None-DeskLamp-308/trial_T20190908_222951_616606");
        AlfworldSession session = AlfworldSession.start(game, 50);
        session.step("go to desk 1");
        assertEquals("You turn on the desklamp 1.", session.step("use desklamp 1").observation());
        assertEquals("You turn on the desklamp 1.", session.step("use desklamp 1").observation());
        assertFalse(session.won());
        StepResult last = session.step("take alarmclock 1 from desk 1");
        assertTrue(last.won() && last.done(), last.toString());
    }
}
