package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.pddl.Formula;
import org.rlanything.alfworld.pddl.PddlProblem;
import org.rlanything.alfworld.world.CompiledGoal;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.alfworld.world.MalformedGameException;
import org.rlanything.alfworld.world.Predicate;

/**
 * The compiled goal (candidate filters, early tests) agrees with a plain evaluation of the formula.
 */
class CompiledGoalTest {

    private static final List<String> EXTRA_GOALS =
            List.of(
                    "(exists (?o - object) (and (heatable ?o) (not (isHot ?o)) (holds agent1 ?o)))",
                    "(forall (?r - receptacle) (imply (receptacleType ?r FridgeType) (not (opened ?r))))",
                    "(exists (?o1 - object ?o2 - object ?r - receptacle) (and (inReceptacle ?o1 ?r) (inReceptacle ?o2 ?r)"
                            + " (not (= ?o1 ?o2)) (objectType ?o1 AppleType) (objectType ?o2 AppleType)))",
                    "(or (exists (?l - location) (and (atLocation agent1 ?l) (exists (?r - receptacle)"
                            + " (and (receptacleAtLocation ?r ?l) (openable ?r) (opened ?r))))) (holdsAny agent1))",
                    "(exists (?o - object ?l - location,) (objectAtLocation ?o ?l))");

    /**
     * The extra goals are checked on the first this many games that have a fridge and apples: their
     * plain evaluation enumerates up to three variables over every entity, the test's cost.
     */
    private static final int EXTRA_GOAL_GAMES = 12;

    @Test
    void compiledGoalsAgreeWithPlainEvaluationOnRandomWalks() throws Exception {
        SplittableRandom random = new SplittableRandom(2);
        int checks = 0;
        int trueCount = 0;
        int extraGoalGames = 0;
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            GameEntities scene = game.scene();
            Formula own = PddlProblem.parse(GameLoader.read(file).problem()).goal();
            List<Formula> goals = new java.util.ArrayList<>(List.of(own));
            if (scene.indexOf(Kind.RECEPTACLE_TYPE, "fridgetype") >= 0
                    && scene.indexOf(Kind.OBJECT_TYPE, "appletype") >= 0
                    && extraGoalGames++ < EXTRA_GOAL_GAMES) {
                for (String text : EXTRA_GOALS) {
                    goals.add(parseFormula(text));
                }
            }
            List<CompiledGoal> compiled = new java.util.ArrayList<>();
            for (Formula g : goals) {
                compiled.add(CompiledGoal.compile(g, scene, "test goal"));
            }
            AlfworldSession session = AlfworldSession.start(game, 30);
            while (true) {
                GameState state = session.state();
                for (int i = 0; i < goals.size(); i++) {
                    boolean expected = plain(goals.get(i), scene, state, new HashMap<>());
                    assertEquals(expected, compiled.get(i).holds(state), file + " goal " + i);
                    trueCount += expected ? 1 : 0;
                    checks++;
                }
                if (session.done()) {
                    break;
                }
                List<String> commands = session.admissibleActions();
                session.step(commands.get(random.nextInt(commands.size())));
            }
        }
        assertTrue(
                checks > 2000 && trueCount > 50 && extraGoalGames >= EXTRA_GOAL_GAMES,
                checks + " checks, " + trueCount + " true, " + extraGoalGames + " games");
    }

    private static Formula parseFormula(String text) throws Exception {
        return PddlProblem.parse("(define (problem t) (:objects) (:init) (:goal " + text + "))")
                .goal();
    }

    /** Direct evaluation over all entities of each type. */
    private static boolean plain(
            Formula f, GameEntities scene, GameState s, Map<String, Integer> env) {
        if (f instanceof Formula.And) {
            return ((Formula.And) f).parts().stream().allMatch(p -> plain(p, scene, s, env));
        }
        if (f instanceof Formula.Or) {
            return ((Formula.Or) f).parts().stream().anyMatch(p -> plain(p, scene, s, env));
        }
        if (f instanceof Formula.Not) {
            return !plain(((Formula.Not) f).part(), scene, s, env);
        }
        if (f instanceof Formula.Imply) {
            Formula.Imply i = (Formula.Imply) f;
            return !plain(i.condition(), scene, s, env) || plain(i.consequence(), scene, s, env);
        }
        if (f instanceof Formula.Exists || f instanceof Formula.ForAll) {
            boolean exists = f instanceof Formula.Exists;
            List<Formula.TypedVariable> vars =
                    exists ? ((Formula.Exists) f).variables() : ((Formula.ForAll) f).variables();
            Formula body = exists ? ((Formula.Exists) f).body() : ((Formula.ForAll) f).body();
            return quantify(exists, vars, 0, body, scene, s, env);
        }
        Formula.Atom a = (Formula.Atom) f;
        int[] args = new int[2];
        for (int i = 0; i < a.arguments().size(); i++) {
            String arg = a.arguments().get(i);
            args[i] = arg.startsWith("?") ? env.get(arg) : scene.lookup(arg)[1];
        }
        if (a.predicate().equals("=")) {
            return args[0] == args[1];
        }
        return Predicate.byName(a.predicate()).test(scene, s, args[0], args[1]);
    }

    private static boolean quantify(
            boolean exists,
            List<Formula.TypedVariable> vars,
            int i,
            Formula body,
            GameEntities scene,
            GameState s,
            Map<String, Integer> env) {
        if (i == vars.size()) {
            return plain(body, scene, s, env);
        }
        Kind kind = Kind.ofPddl(vars.get(i).type());
        int n = kind == null ? 0 : scene.count(kind);
        for (int c = 0; c < n; c++) {
            env.put(vars.get(i).name(), c);
            boolean value = quantify(exists, vars, i + 1, body, scene, s, env);
            env.remove(vars.get(i).name());
            if (value == exists) {
                return exists;
            }
        }
        return !exists;
    }

    @Test
    void aGoalWithAMisspelledTypeIsRejected() throws Exception {
        GameEntities scene = TestData.game(TestData.gameFiles().get(0)).scene();
        MalformedGameException e =
                org.junit.jupiter.api.Assertions.assertThrows(
                        MalformedGameException.class,
                        () ->
                                CompiledGoal.compile(
                                        parseFormula(
                                                "(exists (?o - object) (objectType ?o AppelType))"),
                                        scene,
                                        "goal"));
        assertTrue(e.getMessage().contains("'appeltype' is not declared"), e.getMessage());
    }
}
