package org.rlanything.pddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.pddl.env.PddlTask;
import org.rlanything.pddl.ground.GroundAction;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.Grounder;
import org.rlanything.pddl.ground.State;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.plan.PlanResult;
import org.rlanything.pddl.plan.Planner;
import org.rlanything.pddl.plan.Relaxation;

/**
 * Grounding and planning on the hand-written tidy domain, whose shortest plans were worked out by
 * hand.
 */
class GroundAndPlanTest {

    private static GroundTask ground(String problem) {
        PddlTask t = TestDomains.tidyTask(problem);
        return Grounder.ground(TestDomains.tidy(), t.problem());
    }

    private static int index(GroundTask g, String command) {
        for (int i = 0; i < g.actions().size(); i++) {
            if (g.actions().get(i).command().equals(command)) {
                return i;
            }
        }
        throw new AssertionError("no action " + command);
    }

    @Test
    void groundsOnlyTheBindingsThatCanApply() {
        GroundTask g = ground("p1");
        List<String> commands = g.actions().stream().map(GroundAction::command).toList();
        // go: only along doors, either direction, never to the same room (equality)
        assertTrue(
                commands.contains("go hall kitchen") && commands.contains("go kitchen hall"),
                commands.toString());
        assertFalse(commands.contains("go kitchen study"), commands.toString());
        assertFalse(commands.contains("go hall hall"), commands.toString());
        // the static door facts are not fluent facts
        assertTrue(g.facts().stream().noneMatch(a -> a.predicate().equals("door")));
        assertEquals(2, g.staticFacts().size());
        assertEquals(List.of("go hall kitchen", "go hall study"), applicable(g, g.init()));
    }

    @Test
    void conditionalAndUniversalEffectsApplyWhereTheirConditionHolds() {
        GroundTask g = ground("p1");
        State s = g.init();
        for (String c :
                List.of(
                        "go hall kitchen",
                        "pick broom kitchen",
                        "go kitchen hall",
                        "go hall study")) {
            s = g.actions().get(index(g, c)).apply(s);
        }
        int sweepStudy = index(g, "sweep study");
        assertTrue(g.actions().get(sweepStudy).applicable(s), "exists (?t - tool) (holding ?t)");
        State swept = g.actions().get(sweepStudy).apply(s);
        assertTrue(holds(g, swept, "(packed b1)"), "b1 is in the study: the when-effect fires");
        assertFalse(holds(g, swept, "(dusty study)"));
        assertTrue(holds(g, swept, "(dusty kitchen)"));
    }

    @Test
    void aStarFindsTheShortestPlansWorkedOutByHand() {
        assertShortest("p1", 9);
        assertShortest("p2", 8);
        assertShortest("p3", 6);
    }

    @Test
    void greedySearchFindsAPlanThatReachesTheGoal() {
        GroundTask g = ground("p2");
        Planner planner =
                new Planner(
                        g,
                        new org.rlanything.pddl.plan.Limits(1, 0),
                        new org.rlanything.pddl.plan.Limits(100_000, 0));
        PlanResult plan = planner.solve(g.init());
        assertTrue(plan.solved());
        assertFalse(plan.optimal());
        assertTrue(plan.length() >= 8);
        assertTrue(g.isGoal(replay(g, plan)));
    }

    @Test
    void anUnreachableGoalIsShownUnsolvable() {
        Domain d = TestDomains.tidy();
        Problem p =
                ProblemReader.parse(
                        "(define (problem stuck) (:domain tidy) (:objects kitchen - room b1 - box)"
                                + " (:init (at-robot hall) (door hall kitchen) (in b1 kitchen) (hands-free) (dusty kitchen))"
                                + " (:goal (and (packed b1))))",
                        "stuck.pddl",
                        d);
        GroundTask g = Grounder.ground(d, p);
        assertEquals(
                Relaxation.INFINITE,
                new Relaxation(g).hMax(g.init()),
                "no tool: packed is never reached");
        assertEquals(PlanResult.Status.UNSOLVABLE, new Planner(g).solve(g.init()).status());
        Problem boxed =
                ProblemReader.parse(
                        "(define (problem boxed) (:domain tidy) (:objects kitchen - room b1 - box t - tool)"
                                + " (:init (at-robot hall) (door hall kitchen) (in b1 kitchen) (in t kitchen) (dusty kitchen))"
                                + " (:goal (not (dusty kitchen))))",
                        "boxed.pddl",
                        d);
        GroundTask h = Grounder.ground(d, boxed);
        assertEquals(
                PlanResult.Status.UNSOLVABLE,
                new Planner(h).solve(h.init()).status(),
                "hands never free");
    }

    @Test
    void theHeuristicsBoundTheShortestPlan() {
        GroundTask g = ground("p1");
        Relaxation r = new Relaxation(g);
        int max = r.hMax(g.init());
        int ff = r.hFF(g.init());
        assertTrue(max > 0 && max <= 9, "h_max " + max);
        assertTrue(ff >= max, "h_FF " + ff + " >= h_max " + max);
    }

    @Test
    void theWholeStateSpaceGivesTheDistancesAStarFinds() {
        for (String problem : List.of("p1", "p2", "p3")) {
            GroundTask g = ground(problem);
            org.rlanything.pddl.plan.StateSpace space =
                    org.rlanything.pddl.plan.StateSpace.explore(g, 10_000).orElseThrow();
            Planner planner = new Planner(g);
            java.util.SplittableRandom rng = new java.util.SplittableRandom(4);
            State s = g.init();
            for (int step = 0; step < 12; step++) {
                PlanResult plan = planner.shortest(s);
                int expected =
                        plan.solved()
                                ? plan.length()
                                : org.rlanything.pddl.plan.PlanLengths.DEAD_END;
                assertEquals(expected, space.distance(s).getAsInt(), problem + " step " + step);
                int[] applicable = g.applicable(s);
                s = g.actions().get(applicable[rng.nextInt(applicable.length)]).apply(s);
            }
        }
        assertTrue(
                org.rlanything.pddl.plan.StateSpace.explore(ground("p2"), 10).isEmpty(),
                "over the bound: no state space");
    }

    private static void assertShortest(String problem, int length) {
        GroundTask g = ground(problem);
        PlanResult plan = new Planner(g).solve(g.init());
        assertTrue(plan.optimal(), problem);
        assertEquals(length, plan.length(), problem);
        assertTrue(g.isGoal(replay(g, plan)), problem);
    }

    static State replay(GroundTask g, PlanResult plan) {
        State s = g.init();
        for (int a : plan.actions()) {
            assertTrue(g.actions().get(a).applicable(s));
            s = g.actions().get(a).apply(s);
        }
        return s;
    }

    private static List<String> applicable(GroundTask g, State s) {
        return java.util.Arrays.stream(g.applicable(s))
                .mapToObj(a -> g.actions().get(a).command())
                .toList();
    }

    private static boolean holds(GroundTask g, State s, String atom) {
        for (int i = 0; i < g.facts().size(); i++) {
            if (g.facts().get(i).toString().equals(atom)) {
                return s.holds(i);
            }
        }
        return false;
    }
}
