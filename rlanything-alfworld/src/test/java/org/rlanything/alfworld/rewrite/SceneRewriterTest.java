package org.rlanything.alfworld.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.Seeds;

class SceneRewriterTest {

    private static final List<Scene> SCENES = RewriteFixtures.scenes(21, 60);

    @Test
    void proposalsObeyTheConstraintsAndMoveTheRequestedWay() {
        SceneRewriter rewriter = RewriteFixtures.rewriter();
        int proposals = 0;
        for (int i = 0; i < SCENES.size(); i++) {
            for (RewriteGoal goal : RewriteGoal.values()) {
                Optional<RewriteProposal> proposal =
                        rewriter.rewrite(
                                SCENES.get(i),
                                goal,
                                RewriteBench.critic(goal),
                                Seeds.rng(1, i, goal.ordinal()));
                if (proposal.isEmpty()) {
                    continue;
                }
                proposals++;
                RewriteProposal p = proposal.get();
                assertEquals(
                        List.of(), GoalConstraints.violations(p.scene()), p.scene().problemName());
                assertNotEquals(SCENES.get(i).problemName(), p.scene().problemName());
                assertTrue(p.scene().problemName().startsWith(SCENES.get(i).problemName() + "_rw"));
                assertEquals(
                        SCENES.get(i).floorPlan(),
                        p.scene().floorPlan(),
                        "rewrites stay in the room");
                if (goal == RewriteGoal.HARDER) {
                    assertTrue(
                            p.after().harderThan(p.before()),
                            p.operator() + " " + p.before() + " -> " + p.after());
                } else {
                    assertTrue(
                            p.before().harderThan(p.after()),
                            p.operator() + " " + p.before() + " -> " + p.after());
                }
                assertTrue(
                        p.file().grammar().contains("Your task is to: " + p.scene().goal().text()));
            }
        }
        assertTrue(
                proposals >= SCENES.size(),
                "only " + proposals + " proposals for " + 2 * SCENES.size() + " requests");
    }

    @Test
    void sameGeneratorStateGivesTheSameProposal() {
        SceneRewriter rewriter = RewriteFixtures.rewriter();
        int differing = 0;
        for (int i = 0; i < 12; i++) {
            Optional<RewriteProposal> a =
                    rewriter.rewrite(
                            SCENES.get(i),
                            RewriteGoal.HARDER,
                            RewriteBench.critic(RewriteGoal.HARDER),
                            Seeds.rng(7, i));
            Optional<RewriteProposal> b =
                    rewriter.rewrite(
                            SCENES.get(i),
                            RewriteGoal.HARDER,
                            RewriteBench.critic(RewriteGoal.HARDER),
                            Seeds.rng(7, i));
            Optional<RewriteProposal> c =
                    rewriter.rewrite(
                            SCENES.get(i),
                            RewriteGoal.HARDER,
                            RewriteBench.critic(RewriteGoal.HARDER),
                            Seeds.rng(8, i));
            assertEquals(a.map(RewriteProposal::file), b.map(RewriteProposal::file));
            differing += a.map(RewriteProposal::file).equals(c.map(RewriteProposal::file)) ? 0 : 1;
        }
        assertTrue(differing > 0, "another generator never changed the proposal");
    }

    @Test
    void criticBlamingSearchSteersEasierRewritesToFindabilityOperators() {
        SceneRewriter rewriter = RewriteFixtures.rewriter();
        CriticFeedback searchTrouble =
                new CriticFeedback(
                        8,
                        List.of(
                                new CriticFeedback.FailedRollout(
                                        0,
                                        40,
                                        List.of(
                                                new CriticFeedback.HighRiskStep(
                                                        2,
                                                        "go to cabinet 3",
                                                        "The cabinet 3 is closed.",
                                                        List.of()),
                                                new CriticFeedback.HighRiskStep(
                                                        5,
                                                        "open drawer 2",
                                                        "You open the drawer 2.",
                                                        List.of())))));
        CriticFeedback handlingTrouble =
                new CriticFeedback(
                        8,
                        List.of(
                                new CriticFeedback.FailedRollout(
                                        0,
                                        40,
                                        List.of(
                                                new CriticFeedback.HighRiskStep(
                                                        2,
                                                        "heat mug 1 with microwave 1",
                                                        "Nothing happens.",
                                                        List.of()),
                                                new CriticFeedback.HighRiskStep(
                                                        5,
                                                        "move mug 1 to shelf 1",
                                                        "Nothing happens.",
                                                        List.of())))));
        Map<String, Integer> search = operators(rewriter, searchTrouble);
        Map<String, Integer> handling = operators(rewriter, handlingTrouble);
        int searchOps =
                search.getOrDefault("copies", 0)
                        + search.getOrDefault("concealment", 0)
                        + search.getOrDefault("target-type", 0)
                        + search.getOrDefault("distractors", 0);
        int handlingOps =
                handling.getOrDefault("copies", 0)
                        + handling.getOrDefault("concealment", 0)
                        + handling.getOrDefault("target-type", 0)
                        + handling.getOrDefault("distractors", 0);
        assertTrue(searchOps > handlingOps, search + " vs " + handling);
    }

    private static Map<String, Integer> operators(SceneRewriter rewriter, CriticFeedback critic) {
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < SCENES.size(); i++) {
            rewriter.rewrite(SCENES.get(i), RewriteGoal.EASIER, critic, Seeds.rng(3, i))
                    .ifPresent(p -> counts.merge(p.operator(), 1, Integer::sum));
        }
        return counts;
    }
}
