package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.alfworld.world.GameState;

/** The planner from arbitrary states: its plans win, and no shorter winning sequence exists. */
class AlfworldPlannerTest {

    @Test
    void plansFromRandomMidEpisodeStatesWinAndMatchTheDistance() {
        SplittableRandom random = new SplittableRandom(5);
        int checked = 0;
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            AlfworldPlanner planner = new AlfworldPlanner(game);
            AlfworldSession walk = AlfworldSession.start(game, 200);
            int wander = 3 + random.nextInt(15);
            for (int i = 0; i < wander && !walk.done(); i++) {
                List<String> commands = walk.admissibleActions();
                walk.step(commands.get(random.nextInt(commands.size())));
            }
            if (walk.done()) {
                continue;
            }
            GameState from = walk.state();
            Optional<Plan> plan = planner.plan(from);
            assertTrue(plan.isPresent(), file + ": no plan after " + wander + " random steps");
            assertEquals(plan.get().length(), planner.distance(from));
            GameState s = from.copy();
            for (String command : plan.get().commands()) {
                List<String> admissible = game.admissible(s);
                int at = admissible.indexOf(command);
                assertTrue(at >= 0, file + ": '" + command + "' not admissible");
                game.apply(s, game.admissibleWithCodes(s).codes()[at]);
            }
            assertTrue(game.isWon(s), file + ": plan " + plan.get().commands() + " does not win");
            checked++;
        }
        assertTrue(checked > 30, "checked " + checked);
    }

    @Test
    void oneStepNeverShortensTheRemainingPlanByMoreThanOne() {
        // d(before) <= 1 + d(after) for every real step: the step followed by a plan from 'after'
        // is a plan
        // from 'before'. A planner that missed moves would break this on random walks.
        SplittableRandom random = new SplittableRandom(9);
        int steps = 0;
        int deadEnds = 0;
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            AlfworldPlanner planner = new AlfworldPlanner(game);
            AlfworldSession session = AlfworldSession.start(game, 25);
            int before = planner.distance(session.state());
            while (!session.done()) {
                List<String> commands = session.admissibleActions();
                String command = commands.get(random.nextInt(commands.size()));
                session.step(command);
                int after = session.won() ? 0 : planner.distance(session.state());
                if (after < 0) {
                    // A dead end of the real rules: the object in hand fits no receptacle (no
                    // canContain for
                    // its type), so it can never be put down and nothing else can be taken.
                    GameState s = session.state();
                    assertTrue(s.heldObject() >= 0, file + ": no plan after " + command);
                    for (int r = 0;
                            r < game.scene().count(org.rlanything.alfworld.world.Kind.RECEPTACLE);
                            r++) {
                        assertFalse(
                                game.scene().canPut(s.heldObject(), r),
                                file + ": no plan after " + command);
                    }
                    deadEnds++;
                    break;
                }
                assertTrue(
                        before <= after + 1,
                        file + ": '" + command + "' took the plan from " + before + " to " + after);
                before = after;
                steps++;
            }
        }
        assertTrue(steps > 500, "steps " + steps);
        assertTrue(deadEnds < 10, "dead ends " + deadEnds);
    }

    @Test
    void noShorterWinningSequenceExistsThanThePlan() {
        // Exhaustive breadth-first search over full engine states and every admissible command.
        int checked = 0;
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            int distance = new AlfworldPlanner(game).distance(game.newState());
            if (distance > 4) {
                continue;
            }
            assertFalse(
                    winsWithin(game, distance - 1),
                    file + ": something shorter than " + distance + " wins");
            assertTrue(winsWithin(game, distance), file + ": nothing wins within " + distance);
            checked++;
        }
        assertTrue(checked >= 8, "checked " + checked);
    }

    private static boolean winsWithin(AlfworldGame game, int depth) {
        List<GameState> frontier = new ArrayList<>(List.of(game.newState()));
        Set<GameState> seen = new HashSet<>(frontier);
        for (int d = 0; d < depth; d++) {
            List<GameState> next = new ArrayList<>();
            for (GameState s : frontier) {
                for (long code : game.admissibleWithCodes(s).codes()) {
                    GameState t = s.copy();
                    game.actions().apply(t, code);
                    if (game.isWon(t)) {
                        return true;
                    }
                    if (seen.add(t)) {
                        next.add(t);
                    }
                }
            }
            frontier = next;
        }
        return false;
    }
}
