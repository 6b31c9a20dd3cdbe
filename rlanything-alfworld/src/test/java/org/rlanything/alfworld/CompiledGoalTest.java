package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.world.CompiledGoal;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.alfworld.world.MalformedGameException;
import org.rlanything.alfworld.world.Predicate;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.Param;
import org.rlanything.pddl.lang.ProblemReader;

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
            GameFile read = GameLoader.read(file);
            Domain domain = DomainReader.parseUnchecked(read.domain(), "pddl_domain");
            Condition own =
                    ProblemReader.parseUnchecked(read.problem(), "pddl_problem", domain).goal();
            List<Condition> goals = new java.util.ArrayList<>(List.of(own));
            if (scene.indexOf(Kind.RECEPTACLE_TYPE, "fridgetype") >= 0
                    && scene.indexOf(Kind.OBJECT_TYPE, "appletype") >= 0
                    && extraGoalGames++ < EXTRA_GOAL_GAMES) {
                for (String text : EXTRA_GOALS) {
                    goals.add(parseFormula(text, domain));
                }
            }
            List<CompiledGoal> compiled = new java.util.ArrayList<>();
            for (Condition g : goals) {
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

    private static Condition parseFormula(String text, Domain domain) {
        return ProblemReader.parseUnchecked(
                        "(define (problem t) (:objects) (:init) (:goal " + text + "))",
                        "goal",
                        domain)
                .goal();
    }

    /** Direct evaluation over all entities of each type. */
    private static boolean plain(
            Condition f, GameEntities scene, GameState s, Map<String, Integer> env) {
        if (f instanceof Condition.And and) {
            return and.parts().stream().allMatch(p -> plain(p, scene, s, env));
        }
        if (f instanceof Condition.Or or) {
            return or.parts().stream().anyMatch(p -> plain(p, scene, s, env));
        }
        if (f instanceof Condition.Not not) {
            return !plain(not.part(), scene, s, env);
        }
        if (f instanceof Condition.Imply i) {
            return !plain(i.premise(), scene, s, env) || plain(i.conclusion(), scene, s, env);
        }
        if (f instanceof Condition.Quantified q) {
            return quantify(!q.universal(), q.variables(), 0, q.body(), scene, s, env);
        }
        if (f instanceof Condition.Equals e) {
            return value(e.left(), scene, env) == value(e.right(), scene, env);
        }
        Condition.Atom a = (Condition.Atom) f;
        int[] args = new int[2];
        for (int i = 0; i < a.terms().size(); i++) {
            args[i] = value(a.terms().get(i), scene, env);
        }
        return Predicate.byName(a.predicate()).test(scene, s, args[0], args[1]);
    }

    /** A variable's entity, or a constant's index. */
    private static int value(String term, GameEntities scene, Map<String, Integer> env) {
        return term.startsWith("?") ? env.get(term) : scene.lookup(term)[1];
    }

    private static boolean quantify(
            boolean exists,
            List<Param> vars,
            int i,
            Condition body,
            GameEntities scene,
            GameState s,
            Map<String, Integer> env) {
        if (i == vars.size()) {
            return plain(body, scene, s, env);
        }
        Kind kind = Kind.ofPddl(vars.get(i).types().get(0));
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
                                                "(exists (?o - object) (objectType ?o AppelType))",
                                                DomainReader.parseUnchecked(
                                                        GameLoader.read(TestData.gameFiles().get(0))
                                                                .domain(),
                                                        "pddl_domain")),
                                        scene,
                                        "goal"));
        assertTrue(e.getMessage().contains("'appeltype' is not declared"), e.getMessage());
    }
}
