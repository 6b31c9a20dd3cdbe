package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.TaskType;
import org.rlanything.core.RewriteGoal;

/**
 * Changes the task type while keeping the target. Harder adds work: a plain placement or a lamp
 * goal becomes clean, heat or cool then place (when the target has the capability and the room the
 * appliance), or "two objects" (when there are two copies); a clean, heat or cool goal may become
 * "two objects". Easier removes work: clean, heat, cool and "two objects" become a plain placement,
 * and a plain placement may become "look at it under a lamp" when a lamp stands in the room.
 */
final class TaskTypeChange implements RewriteOperator {

    @Override
    public String name() {
        return "task-type";
    }

    @Override
    public Optional<Scene> apply(Scene scene, RewriteGoal direction, RandomGenerator rng) {
        Goal goal = scene.goal();
        List<Goal> options = new ArrayList<>();
        for (TaskType to : transitions(goal.type(), direction)) {
            if (to.usesLamp()) {
                for (String lamp : lamps(scene)) {
                    options.add(goal.with(to, goal.objectType(), lamp));
                }
                continue;
            }
            List<String> destinations =
                    goal.type().usesLamp()
                            ? destinations(scene, goal.objectType(), to)
                            : List.of(goal.receptacleType());
            for (String destination : destinations) {
                Goal candidate = goal.with(to, goal.objectType(), destination);
                if (GoalConstraints.violations(scene.withGoal(candidate)).isEmpty()) {
                    options.add(candidate);
                }
            }
        }
        Goal chosen = SceneEdits.pick(options, rng);
        return chosen == null ? Optional.empty() : Optional.of(scene.withGoal(chosen));
    }

    static List<TaskType> transitions(TaskType from, RewriteGoal direction) {
        List<TaskType> stateful =
                List.of(
                        TaskType.PICK_CLEAN_THEN_PLACE_IN_RECEP,
                        TaskType.PICK_HEAT_THEN_PLACE_IN_RECEP,
                        TaskType.PICK_COOL_THEN_PLACE_IN_RECEP);
        if (direction == RewriteGoal.HARDER) {
            return switch (from) {
                case PICK_AND_PLACE_SIMPLE, LOOK_AT_OBJ_IN_LIGHT -> {
                    List<TaskType> out = new ArrayList<>(stateful);
                    out.add(TaskType.PICK_TWO_OBJ_AND_PLACE);
                    yield out;
                }
                case PICK_CLEAN_THEN_PLACE_IN_RECEP,
                        PICK_HEAT_THEN_PLACE_IN_RECEP,
                        PICK_COOL_THEN_PLACE_IN_RECEP ->
                        List.of(TaskType.PICK_TWO_OBJ_AND_PLACE);
                case PICK_TWO_OBJ_AND_PLACE -> List.of();
            };
        }
        return switch (from) {
            case PICK_CLEAN_THEN_PLACE_IN_RECEP,
                    PICK_HEAT_THEN_PLACE_IN_RECEP,
                    PICK_COOL_THEN_PLACE_IN_RECEP,
                    PICK_TWO_OBJ_AND_PLACE ->
                    List.of(TaskType.PICK_AND_PLACE_SIMPLE);
            case PICK_AND_PLACE_SIMPLE -> List.of(TaskType.LOOK_AT_OBJ_IN_LIGHT);
            case LOOK_AT_OBJ_IN_LIGHT -> List.of();
        };
    }

    private static List<String> lamps(Scene scene) {
        return scene.objectTypes().stream()
                .filter(
                        type ->
                                scene.objectsOfType(type).stream()
                                        .anyMatch(
                                                o ->
                                                        o.has(Capability.TOGGLEABLE)
                                                                && o.receptacle() != null))
                .toList();
    }

    private static List<String> destinations(Scene scene, String target, TaskType to) {
        return scene.receptacleTypes().stream()
                .filter(r -> scene.canContain(r, target) && !r.equals(to.appliance()))
                .toList();
    }
}
