package org.rlanything.alfworld.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.TaskType;

class GoalConstraintsTest {

    private static final Scene SCENE =
            RewriteFixtures.scenes(4, 6).stream()
                    .filter(s -> s.goal().type() == TaskType.PICK_HEAT_THEN_PLACE_IN_RECEP)
                    .findFirst()
                    .orElseThrow();

    @Test
    void acceptsGeneratedGoals() {
        assertEquals(List.of(), GoalConstraints.violations(SCENE));
    }

    @Test
    void rejectsAReceptacleThatCannotHoldTheTarget() {
        Goal goal = SCENE.goal();
        Scene bad = SCENE.withGoal(goal.with(goal.type(), goal.objectType(), "StoveBurner"));
        List<String> violations = GoalConstraints.violations(bad);
        assertTrue(
                violations.contains(
                        "A StoveBurner cannot hold a "
                                + goal.objectType()
                                + " (no canContain fact)."),
                violations.toString());
    }

    @Test
    void rejectsATargetWithoutTheCapability() {
        Goal goal = SCENE.goal();
        Scene bad =
                SCENE.withGoal(
                        goal.with(TaskType.PICK_CLEAN_THEN_PLACE_IN_RECEP, "Bread", goal.target()));
        assertTrue(
                GoalConstraints.violations(bad).stream().anyMatch(v -> v.contains("cleanable")),
                GoalConstraints.violations(bad).toString());
    }

    @Test
    void rejectsTwoObjectsWithOneCopy() {
        Goal goal = SCENE.goal();
        ObjectInstance keep = SCENE.objectsOfType(goal.objectType()).get(0);
        Scene one =
                SCENE.withObjects(
                        SCENE.objects().stream()
                                .filter(o -> !o.type().equals(goal.objectType()) || o.equals(keep))
                                .toList());
        Scene bad =
                one.withGoal(
                        goal.with(
                                TaskType.PICK_TWO_OBJ_AND_PLACE, goal.objectType(), goal.target()));
        assertTrue(
                GoalConstraints.violations(bad).get(0).startsWith("The goal needs 2 pickupable"),
                GoalConstraints.violations(bad).toString());
    }

    @Test
    void rejectsAGoalMetAtTheStart() {
        Goal goal = SCENE.goal();
        ObjectInstance target = SCENE.objectsOfType(goal.objectType()).get(0);
        var destination = SCENE.receptaclesOfType(goal.target()).get(0);
        Scene met =
                SCENE.withObjects(
                                SCENE.objects().stream()
                                        .map(
                                                o ->
                                                        o.equals(target)
                                                                ? o.movedTo(
                                                                        destination.id(),
                                                                        destination.location())
                                                                : o)
                                        .toList())
                        .withGoal(
                                goal.with(
                                        TaskType.PICK_AND_PLACE_SIMPLE,
                                        goal.objectType(),
                                        goal.target()));
        assertTrue(
                GoalConstraints.violations(met).stream()
                        .anyMatch(v -> v.startsWith("The goal is already met")));
    }
}
