package org.rlanything.alfworld.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.GeneratedGame;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.Planners;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Task;

/**
 * The default ALFWorld rewrite is the reference's: every candidate is the slot's original game with
 * only the goal's two type tokens swapped, obeys the type constraints, and moves the difficulty the
 * requested way.
 */
class TypeSwapRewriterTest {

    /** k, the rewriter samples per request (method.md §7, text games). */
    private static final int SAMPLES = 8;

    private static final EngineSceneTasks TASKS = new EngineSceneTasks();
    private static final AlfworldRewriter DEFAULT =
            new AlfworldRewriter(RewriteFixtures.rewriter(), TASKS);
    private static final AlfworldRewriter ALL =
            new AlfworldRewriter(RewriteFixtures.rewriter(), RewriteOperators.ALL, TASKS);

    @Test
    void neverCompoundsEvenWhenTheActiveTaskIsAnEarlierRewrite() throws IOException {
        List<GeneratedGame> games = Planners.generator().generateAll(31, 10);
        int checked = 0;
        for (int i = 0; i < games.size(); i++) {
            AlfworldTask original = new AlfworldTask(AlfworldGame.compile(games.get(i).file()));
            Scene originalScene = TASKS.sceneOf(original);
            // The active task: an earlier rewrite made by the scene operators, whose scene differs
            // from the original.
            Optional<Task> earlier =
                    first(
                            ALL,
                            new RewriteRequest(
                                    original, original, RewriteGoal.HARDER, 1.0, critic()),
                            i);
            assertTrue(earlier.isPresent(), games.get(i).folder());
            Task active = earlier.get();
            for (RewriteGoal goal : RewriteGoal.values()) {
                RewriteRequest request =
                        new RewriteRequest(
                                original,
                                active,
                                goal,
                                goal == RewriteGoal.HARDER ? 1.0 : 0.0,
                                critic());
                for (int s = 0; s < SAMPLES; s++) {
                    Optional<RewriteProposal> proposal =
                            DEFAULT.proposal(request, Seeds.rng(17, i, goal.ordinal(), s));
                    if (proposal.isEmpty()) {
                        continue;
                    }
                    checked++;
                    Scene candidate = TASKS.sceneOf(TASKS.taskOf(proposal.get()));
                    assertEquals(TypeSwapRewriter.OPERATOR, proposal.get().operator());
                    assertSameGame(originalScene, candidate);
                    assertTrue(
                            candidate.problemName().startsWith(originalScene.problemName() + "_rw"),
                            candidate.problemName());
                    assertOnlyTypeTokensChanged(originalScene.goal(), candidate.goal());
                }
            }
        }
        assertTrue(checked >= 20, "only " + checked + " candidates");
    }

    @Test
    void theOldOperatorsStillEditTheActiveGameWhenAskedFor() throws IOException {
        AlfworldTask original =
                new AlfworldTask(
                        AlfworldGame.compile(Planners.generator().generateOne(31, 0).file()));
        Task active =
                first(
                                ALL,
                                new RewriteRequest(
                                        original, original, RewriteGoal.HARDER, 1.0, critic()),
                                0)
                        .orElseThrow();
        Optional<RewriteProposal> next = Optional.empty();
        for (int s = 0; s < SAMPLES && next.isEmpty(); s++) {
            next =
                    ALL.proposal(
                            new RewriteRequest(original, active, RewriteGoal.HARDER, 1.0, critic()),
                            Seeds.rng(3, s));
        }
        assertTrue(next.isPresent());
        assertNotEquals(TypeSwapRewriter.OPERATOR, next.get().operator());
        assertEquals(RewriteOperators.TYPE_SWAP, DEFAULT.operators());
        assertEquals(RewriteOperators.ALL, RewriteOperators.ofKey("all"));
        assertEquals(RewriteOperators.TYPE_SWAP, RewriteOperators.ofKey("type_swap"));
    }

    @Test
    void candidatesObeyTheTypeConstraints() {
        List<Scene> scenes = RewriteFixtures.scenes(41, 60);
        TypeSwapRewriter rewriter = new TypeSwapRewriter(RewriteFixtures.verifier());
        int checked = 0;
        for (int i = 0; i < scenes.size(); i++) {
            Scene scene = scenes.get(i);
            for (RewriteGoal goal : RewriteGoal.values()) {
                for (int s = 0; s < SAMPLES; s++) {
                    Optional<RewriteProposal> p =
                            rewriter.rewrite(
                                    scene, scene, goal, Seeds.rng(5, i, goal.ordinal(), s));
                    if (p.isPresent()) {
                        checked++;
                        assertConstraintsHold(p.get().scene());
                    }
                }
            }
        }
        assertTrue(checked >= 60, "only " + checked + " candidates");
    }

    /**
     * On 200 generated games, with k samples per request: most requests get a candidate, every
     * candidate moves the requested way, and on average harder candidates need longer search and
     * plans, easier shorter.
     */
    @Test
    void harderAndEasierMoveTheDifficultyOnGeneratedGames() {
        List<Scene> scenes = RewriteFixtures.scenes(10086, 200);
        TypeSwapRewriter rewriter = new TypeSwapRewriter(RewriteFixtures.verifier());
        for (RewriteGoal goal : RewriteGoal.values()) {
            int proposed = 0;
            double before = 0;
            double after = 0;
            double instancesBefore = 0;
            double instancesAfter = 0;
            for (int i = 0; i < scenes.size(); i++) {
                Scene scene = scenes.get(i);
                Optional<RewriteProposal> p = Optional.empty();
                for (int s = 0; s < SAMPLES && p.isEmpty(); s++) {
                    p =
                            rewriter.rewrite(
                                    scene, scene, goal, Seeds.rng(10086, i, goal.ordinal(), s));
                }
                if (p.isEmpty()) {
                    continue;
                }
                proposed++;
                Difficulty b = p.get().before();
                Difficulty a = p.get().after();
                assertTrue(
                        goal == RewriteGoal.HARDER ? a.harderThan(b) : b.harderThan(a),
                        goal + ": " + b + " -> " + a);
                before += b.score();
                after += a.score();
                instancesBefore += scene.objectsOfType(scene.goal().objectType()).size();
                instancesAfter += scene.objectsOfType(p.get().scene().goal().objectType()).size();
            }
            System.out.printf(
                    Locale.ROOT,
                    "type swap %s: %d/200 proposed; difficulty %.2f -> %.2f; target instances"
                            + " %.2f -> %.2f%n",
                    goal,
                    proposed,
                    before / proposed,
                    after / proposed,
                    instancesBefore / proposed,
                    instancesAfter / proposed);
            assertTrue(proposed >= 160, goal + ": " + proposed + " of 200");
            if (goal == RewriteGoal.HARDER) {
                assertTrue(after > before + 1.0, "harder " + before + " -> " + after);
                assertTrue(instancesAfter <= instancesBefore, "harder favours rarer types");
            } else {
                assertTrue(after < before - 1.0, "easier " + before + " -> " + after);
                assertTrue(instancesAfter >= instancesBefore, "easier favours common types");
            }
        }
    }

    @Test
    void everyCandidateReadsBackFromItsBytesAndIsWonWhenReplanned() {
        RewriteBench.Report report =
                RewriteBench.run(
                        RewriteFixtures.scenes(77, 60),
                        RewriteBench.typeSwaps(
                                new TypeSwapRewriter(RewriteFixtures.verifier()), SAMPLES),
                        40,
                        Planners.oracle(),
                        77);
        assertEquals(List.of(), report.failures());
        assertEquals(report.harder().proposed(), report.harder().verified());
        assertEquals(report.easier().proposed(), report.easier().verified());
        assertEquals(
                Map.of(TypeSwapRewriter.OPERATOR, report.harder().proposed()),
                report.harder().operators());
    }

    private static Optional<Task> first(
            AlfworldRewriter rewriter, RewriteRequest request, int salt) {
        for (int s = 0; s < SAMPLES; s++) {
            Optional<Task> task = rewriter.rewrite(request, Seeds.rng(11, salt, s));
            if (task.isPresent()) {
                return task;
            }
        }
        return Optional.empty();
    }

    private static CriticFeedback critic() {
        return new CriticFeedback(8, List.of());
    }

    private static void assertSameGame(Scene original, Scene candidate) {
        assertEquals(original.floorPlan(), candidate.floorPlan());
        assertEquals(original.agentLocation(), candidate.agentLocation());
        assertEquals(
                original.receptacles(),
                candidate.receptacles(),
                "the receptacles are the original's");
        assertEquals(original.objects(), candidate.objects(), "the objects are the original's");
        assertEquals(original.canContain(), candidate.canContain());
    }

    private static void assertOnlyTypeTokensChanged(Goal original, Goal candidate) {
        assertEquals(original.type(), candidate.type(), "the task type is kept");
        assertEquals(original.phrasing(), candidate.phrasing(), "the goal template is kept");
        assertTrue(
                !original.objectType().equals(candidate.objectType())
                        || !original.target().equals(candidate.target()),
                "a type token changed");
    }

    private static void assertConstraintsHold(Scene scene) {
        Goal goal = scene.goal();
        assertEquals(List.of(), GoalConstraints.violations(scene), goal.text());
        long usable =
                scene.objectsOfType(goal.objectType()).stream()
                        .filter(o -> o.has(Capability.PICKUPABLE) && o.receptacle() != null)
                        .filter(
                                o ->
                                        goal.type().capability() == null
                                                || o.has(goal.type().capability()))
                        .count();
        assertTrue(
                usable >= goal.type().targets(), goal.text() + ": " + usable + " usable instances");
        if (goal.type().usesLamp()) {
            assertTrue(
                    scene.objectsOfType(goal.lampType()).stream()
                            .anyMatch(o -> o.has(Capability.TOGGLEABLE)),
                    goal.text());
        } else {
            assertTrue(scene.canContain(goal.receptacleType(), goal.objectType()), goal.text());
        }
    }
}
