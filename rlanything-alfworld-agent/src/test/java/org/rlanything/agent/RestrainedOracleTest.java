package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldEnvironment;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.Seeds;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;

/**
 * The restrained oracle on the real ALFWorld games: the searching demonstrator's own steps are GOOD
 * under it although the omniscient planner calls some of them BAD; plainly useless steps are BAD
 * under both.
 */
class RestrainedOracleTest {

    private static List<AlfworldTask> real;
    private static SearchingExpert.Prior prior;
    private static RestrainedLabelEnvironment environment;

    @BeforeAll
    static void load() {
        AlfworldGames games = AgentFixtures.games();
        real = games.real();
        prior = SearchingExpert.Prior.of(games.training(3, 100));
        environment =
                new RestrainedLabelEnvironment(
                        AlfworldEnvironment.builder().optMaxSteps(50).optStepLabels(true).build(),
                        new RestrainedOracle(prior));
    }

    @Test
    void theDemonstratorsSearchStepsAreGoodWhereTheOmniscientLabelCallsSomeBad() {
        int steps = 0;
        int omniscientBad = 0;
        int wins = 0;
        for (AlfworldTask task : real) {
            SearchingExpert.Episode demonstrator = new SearchingExpert(task.game(), prior).start();
            try (RestrainedLabelEnvironment.Session session =
                    environment.start(task, Seeds.rng(1))) {
                demonstrator.observe(session.observation());
                while (!session.done()) {
                    var next = demonstrator.next(session.state(), session.admissibleActions());
                    if (next.isEmpty()) {
                        break;
                    }
                    StepResult result = session.step(next.get());
                    demonstrator.executed(next.get());
                    demonstrator.observe(result.observation());
                    steps++;
                    assertEquals(
                            StepLabel.GOOD,
                            result.restrainedLabel(),
                            task.game().source() + ": " + next.get());
                    omniscientBad += result.label() == StepLabel.BAD ? 1 : 0;
                }
                wins += session.won() ? 1 : 0;
            }
        }
        System.out.printf(
                Locale.ROOT,
                "demonstrator on %d real games: won %d, %d steps, all restrained GOOD, %d"
                        + " omniscient BAD%n",
                real.size(),
                wins,
                steps,
                omniscientBad);
        assertTrue(wins >= real.size() * 3 / 4, wins + " of " + real.size() + " won");
        assertTrue(
                omniscientBad >= real.size(),
                "the omniscient label called only "
                        + omniscientBad
                        + " of "
                        + steps
                        + " demonstrator steps BAD");
    }

    @Test
    void uselessStepsAreBadUnderBothLabels() {
        int checked = 0;
        for (AlfworldTask task : real.subList(0, 16)) {
            for (String useless : List.of("look", "inventory", "examine")) {
                try (RestrainedLabelEnvironment.Session session =
                        environment.start(task, Seeds.rng(1))) {
                    // Arrive somewhere first (the demonstrator's first step), then do the useless
                    // thing.
                    SearchingExpert.Episode demonstrator =
                            new SearchingExpert(task.game(), prior).start();
                    demonstrator.observe(session.observation());
                    String first =
                            demonstrator
                                    .next(session.state(), session.admissibleActions())
                                    .orElseThrow();
                    session.step(first);
                    String command =
                            useless.equals("examine") && first.startsWith("go to ")
                                    ? "examine " + first.substring("go to ".length())
                                    : useless;
                    if (!session.admissibleActions().contains(command) || session.done()) {
                        continue;
                    }
                    StepResult result = session.step(command);
                    checked++;
                    assertEquals(StepLabel.BAD, result.label(), command);
                    assertEquals(StepLabel.BAD, result.restrainedLabel(), command);
                }
            }
            // Back and forth: go to a receptacle where nothing of the goal shows, then to another,
            // then straight back.
            try (EnvironmentSession session = environment.start(task, Seeds.rng(1))) {
                List<String> gos =
                        session.admissibleActions().stream()
                                .filter(c -> c.startsWith("go to "))
                                .toList();
                boolean relevant = mentionsGoal(task, session.step(gos.get(0)).observation());
                session.step(gos.get(1));
                if (!session.done() && !relevant) {
                    StepResult back = session.step(gos.get(0));
                    checked++;
                    assertEquals(StepLabel.BAD, back.restrainedLabel(), "back to " + gos.get(0));
                }
            }
        }
        assertTrue(checked >= 30, "only " + checked + " useless steps checked");
    }

    /**
     * The GOOD base rate under both labels on rollouts of a uniformly random policy, and the
     * labelling cost per step (the restrained environment against the planner-labelled one alone).
     */
    @Test
    void baseRatesAndCostOnRandomRollouts() {
        AlfworldEnvironment plain = environment.alfworld();
        List<AlfworldTask> games = real.subList(0, 24);
        rollOut(environment, games.subList(0, 4), new long[4]); // warm up
        long[] counts = new long[4];
        long restrainedNanos = rollOut(environment, games, counts);
        long plainNanos = rollOut(plain, games, new long[4]);
        double steps = counts[0];
        System.out.printf(
                Locale.ROOT,
                "random policy, %d real games x 2 rollouts x 30 steps: %d steps; GOOD base rate"
                        + " omniscient %.3f, restrained %.3f, both %.3f; %.2f ms a step with both labels, %.2f ms with"
                        + " the planner's only%n",
                games.size(),
                counts[0],
                counts[1] / steps,
                counts[2] / steps,
                counts[3] / steps,
                restrainedNanos / 1e6 / steps,
                plainNanos / 1e6 / steps);
        assertTrue(
                counts[2] > 0 && counts[2] < steps,
                "restrained GOOD " + counts[2] + " of " + steps);
        assertTrue(
                counts[1] > 0 && counts[1] < steps,
                "omniscient GOOD " + counts[1] + " of " + steps);
    }

    /**
     * Rolls out the random policy; counts[0] steps, [1] omniscient GOOD, [2] restrained GOOD, [3]
     * both; returns nanoseconds.
     */
    private static long rollOut(
            org.rlanything.core.Environment env, List<AlfworldTask> games, long[] counts) {
        long start = System.nanoTime();
        for (int g = 0; g < games.size(); g++) {
            for (int r = 0; r < 2; r++) {
                RandomGenerator rng = Seeds.rng(7, g, r);
                try (EnvironmentSession session = env.start(games.get(g), rng)) {
                    for (int t = 0; t < 30 && !session.done(); t++) {
                        List<String> admissible = session.admissibleActions();
                        StepResult result =
                                session.step(admissible.get(rng.nextInt(admissible.size())));
                        counts[0]++;
                        counts[1] += result.label() == StepLabel.GOOD ? 1 : 0;
                        counts[2] += result.restrainedLabel() == StepLabel.GOOD ? 1 : 0;
                        counts[3] +=
                                result.label() == StepLabel.GOOD
                                                && result.restrainedLabel() == StepLabel.GOOD
                                        ? 1
                                        : 0;
                    }
                }
            }
        }
        return System.nanoTime() - start;
    }

    /**
     * Whether {@code observation} names a word of the goal (its object, receptacle or lamp type).
     */
    private static boolean mentionsGoal(AlfworldTask task, String observation) {
        String goal = task.game().goalText().toLowerCase(Locale.ROOT);
        List<String> words = new ArrayList<>(List.of(goal.replace(".", "").split(" ")));
        String seen = observation.toLowerCase(Locale.ROOT);
        return words.stream().filter(w -> w.length() > 3).anyMatch(seen::contains);
    }
}
