package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.Scene;

/**
 * The goals a type swap can reach in a scene (method.md §7): the same task type and phrasing with
 * the two type tokens replaced, the object and destination receptacle type, or, for "look at X
 * under a lamp", the held object type and the lamp type. At least one token changes. Only goals
 * that obey every {@link GoalConstraints type constraint} in the unchanged scene are listed: the
 * receptacle type can hold the object type, the object has the capability the task needs, "two
 * objects" goals have two instances, a toggleable lamp of that type stands in the room, and the
 * goal is not already met.
 */
final class TypeSwaps {

    private TypeSwaps() {}

    /**
     * Every constraint-abiding goal of {@code scene} reachable by swapping type tokens of {@code
     * from}.
     */
    static List<Goal> options(Scene scene, Goal from) {
        List<Goal> out = new ArrayList<>();
        for (String object : scene.objectTypes()) {
            for (String target : secondTokens(scene, from)) {
                if (object.equals(from.objectType()) && target.equals(from.target())) {
                    continue;
                }
                Goal goal = from.with(from.type(), object, target);
                if (GoalConstraints.violations(scene.withGoal(goal)).isEmpty()) {
                    out.add(goal);
                }
            }
        }
        return out;
    }

    /**
     * The candidates for the second token: lamp types for a lamp goal, else the room's receptacle
     * types.
     */
    private static Set<String> secondTokens(Scene scene, Goal from) {
        if (!from.type().usesLamp()) {
            return scene.receptacleTypes();
        }
        Set<String> lamps = new TreeSet<>();
        scene.objects().stream()
                .filter(o -> o.has(Capability.TOGGLEABLE) && o.receptacle() != null)
                .forEach(o -> lamps.add(o.type()));
        return lamps;
    }
}
