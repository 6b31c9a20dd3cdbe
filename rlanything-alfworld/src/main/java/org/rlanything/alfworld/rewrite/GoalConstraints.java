package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.TaskType;

/**
 * The type constraints a goal must obey in its scene (method.md §7, enforced here as [Proj]
 * requires): enough pickupable targets (two for "two objects"), the capability a clean, heat or
 * cool goal needs, the appliance in the room, a destination type that exists and can hold the
 * target type, a toggleable lamp standing in a receptacle, and a goal that is not already met at
 * the start.
 */
public final class GoalConstraints {

    private GoalConstraints() {}

    /** Every violated constraint, as full sentences; empty when the goal is valid in the scene. */
    public static List<String> violations(Scene scene) {
        Goal goal = scene.goal();
        TaskType type = goal.type();
        List<String> out = new ArrayList<>();
        String target = goal.objectType();
        List<ObjectInstance> targets =
                scene.objectsOfType(target).stream()
                        .filter(o -> o.has(Capability.PICKUPABLE) && o.receptacle() != null)
                        .toList();
        if (targets.size() < type.targets()) {
            out.add(
                    "The goal needs "
                            + type.targets()
                            + " pickupable "
                            + target
                            + " in receptacles, but the scene has "
                            + targets.size()
                            + ".");
        }
        if (type.capability() != null) {
            long capable = targets.stream().filter(o -> o.has(type.capability())).count();
            if (capable < type.targets()) {
                out.add("No " + target + " in the scene is " + type.capability().predicate() + ".");
            }
            if (scene.receptaclesOfType(type.appliance()).isEmpty()) {
                out.add("The goal needs a " + type.appliance() + ", which the scene lacks.");
            }
        }
        if (type.usesLamp()) {
            boolean lamp =
                    scene.objectsOfType(goal.lampType()).stream()
                            .anyMatch(o -> o.has(Capability.TOGGLEABLE) && o.receptacle() != null);
            if (!lamp) {
                out.add(
                        "No toggleable "
                                + goal.lampType()
                                + " stands in a receptacle of the scene.");
            }
        } else {
            String destination = goal.receptacleType();
            if (scene.receptaclesOfType(destination).isEmpty()) {
                out.add("The destination type " + destination + " is not in the scene.");
            }
            if (!scene.canContain(destination, target)) {
                out.add("A " + destination + " cannot hold a " + target + " (no canContain fact).");
            }
            if (destination.equals(type.appliance())) {
                out.add("The destination " + destination + " is the appliance the goal uses.");
            }
            if (type.capability() == null) {
                long placed =
                        targets.stream()
                                .filter(o -> SceneEdits.isIn(scene, o, destination))
                                .count();
                if (placed >= type.targets()) {
                    out.add(
                            "The goal is already met at the start: "
                                    + placed
                                    + " "
                                    + target
                                    + " are in a "
                                    + destination
                                    + ".");
                }
            }
        }
        return out;
    }
}
