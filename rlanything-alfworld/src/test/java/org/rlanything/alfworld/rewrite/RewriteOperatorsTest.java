package org.rlanything.alfworld.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.TaskType;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.Seeds;

class RewriteOperatorsTest {

    private static final List<Scene> SCENES = RewriteFixtures.scenes(77, 48);

    private static long enclosedTargets(Scene scene) {
        return scene.objectsOfType(scene.goal().objectType()).stream()
                .filter(scene::isEnclosed)
                .count();
    }

    private static long targets(Scene scene) {
        return scene.objectsOfType(scene.goal().objectType()).stream()
                .filter(o -> o.has(Capability.PICKUPABLE))
                .count();
    }

    @Test
    void concealmentShutsTargetsAwayOrBringsThemOut() {
        int applied = 0;
        for (int i = 0; i < SCENES.size(); i++) {
            Scene scene = SCENES.get(i);
            Optional<Scene> hidden =
                    new Concealment().apply(scene, RewriteGoal.HARDER, Seeds.rng(1, i));
            Optional<Scene> shown =
                    new Concealment().apply(scene, RewriteGoal.EASIER, Seeds.rng(2, i));
            hidden.ifPresent(
                    s ->
                            assertTrue(
                                    enclosedTargets(s) > enclosedTargets(scene),
                                    scene.problemName()));
            shown.ifPresent(
                    s ->
                            assertTrue(
                                    enclosedTargets(s) < enclosedTargets(scene),
                                    scene.problemName()));
            hidden.ifPresent(s -> assertEquals(targets(scene), targets(s)));
            applied += hidden.isPresent() ? 1 : 0;
        }
        assertTrue(applied > 0);
    }

    @Test
    void copyCountKeepsWhatTheGoalNeeds() {
        for (int i = 0; i < SCENES.size(); i++) {
            Scene scene = SCENES.get(i);
            int needed = scene.goal().type().targets();
            new CopyCount()
                    .apply(scene, RewriteGoal.HARDER, Seeds.rng(3, i))
                    .ifPresent(
                            s -> {
                                assertTrue(targets(s) < targets(scene));
                                assertTrue(targets(s) >= needed, s.problemName());
                            });
            new CopyCount()
                    .apply(scene, RewriteGoal.EASIER, Seeds.rng(4, i))
                    .ifPresent(s -> assertTrue(targets(s) > targets(scene)));
        }
    }

    @Test
    void targetTypeSwapMovesSearchCostTheRequestedWay() {
        for (int i = 0; i < SCENES.size(); i++) {
            Scene scene = SCENES.get(i);
            double before = DifficultyMeter.measure(scene, 0).searchCost();
            new TargetTypeSwap()
                    .apply(scene, RewriteGoal.HARDER, Seeds.rng(5, i))
                    .ifPresent(
                            s -> {
                                assertTrue(DifficultyMeter.measure(s, 0).searchCost() > before);
                                assertEquals(scene.goal().type(), s.goal().type());
                                assertTrue(
                                        TargetTypeSwap.admissible(
                                                s, s.goal(), s.goal().objectType()));
                            });
            new TargetTypeSwap()
                    .apply(scene, RewriteGoal.EASIER, Seeds.rng(6, i))
                    .ifPresent(
                            s -> assertTrue(DifficultyMeter.measure(s, 0).searchCost() < before));
        }
    }

    @Test
    void taskTypeChangesAddOrRemoveWork() {
        assertEquals(
                List.of(
                        TaskType.PICK_CLEAN_THEN_PLACE_IN_RECEP,
                        TaskType.PICK_HEAT_THEN_PLACE_IN_RECEP,
                        TaskType.PICK_COOL_THEN_PLACE_IN_RECEP,
                        TaskType.PICK_TWO_OBJ_AND_PLACE),
                TaskTypeChange.transitions(TaskType.PICK_AND_PLACE_SIMPLE, RewriteGoal.HARDER));
        assertEquals(
                List.of(TaskType.PICK_AND_PLACE_SIMPLE),
                TaskTypeChange.transitions(
                        TaskType.PICK_HEAT_THEN_PLACE_IN_RECEP, RewriteGoal.EASIER));
        assertEquals(
                List.of(),
                TaskTypeChange.transitions(TaskType.PICK_TWO_OBJ_AND_PLACE, RewriteGoal.HARDER));
        for (int i = 0; i < SCENES.size(); i++) {
            Scene scene = SCENES.get(i);
            new TaskTypeChange()
                    .apply(scene, RewriteGoal.EASIER, Seeds.rng(7, i))
                    .ifPresent(
                            s ->
                                    assertEquals(
                                            List.of(),
                                            GoalConstraints.violations(s),
                                            s.goal().text()));
        }
    }

    @Test
    void criticSignalsShareTheHighRiskStepsBetweenSearchAndManipulation() {
        CriticFeedback critic =
                new CriticFeedback(
                        8,
                        List.of(
                                new CriticFeedback.FailedRollout(
                                        0,
                                        40,
                                        List.of(
                                                new CriticFeedback.HighRiskStep(
                                                        1, "go to drawer 1", "", List.of()),
                                                new CriticFeedback.HighRiskStep(
                                                        2, "open drawer 1", "", List.of()),
                                                new CriticFeedback.HighRiskStep(
                                                        3,
                                                        "heat mug 1 with microwave 1",
                                                        "",
                                                        List.of()))),
                                new CriticFeedback.FailedRollout(
                                        3,
                                        40,
                                        List.of(
                                                new CriticFeedback.HighRiskStep(
                                                        4, "help", "", List.of())))));
        CriticSignals signals = CriticSignals.of(critic);
        assertEquals(0.25, signals.failureRate(), 1e-12);
        assertEquals(0.5, signals.searchShare(), 1e-12);
        assertEquals(0.25, signals.manipulationShare(), 1e-12);
        assertEquals(
                new CriticSignals(0, 0, 0), CriticSignals.of(new CriticFeedback(8, List.of())));
    }
}
