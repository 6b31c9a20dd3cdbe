package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * Swaps the goal's object type for another type of the same room (the reference's main rewrite).
 * Harder favours types that are costlier to find (rarer, more often shut away), easier favours
 * common ones: each admissible type in the requested direction is drawn with weight (search cost
 * ratio)^2.
 */
final class TargetTypeSwap implements RewriteOperator {

    @Override
    public String name() {
        return "target-type";
    }

    @Override
    public Optional<Scene> apply(Scene scene, RewriteGoal direction, RandomGenerator rng) {
        Goal goal = scene.goal();
        int needed = goal.type().targets();
        String destination = goal.receptacleType();
        double current = DifficultyMeter.searchCost(scene, goal.objectType(), destination, needed);
        List<String> types = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        for (String type : scene.objectTypes()) {
            if (type.equals(goal.objectType()) || !admissible(scene, goal, type)) {
                continue;
            }
            double cost = DifficultyMeter.searchCost(scene, type, destination, needed);
            boolean moves = direction == RewriteGoal.HARDER ? cost > current : cost < current;
            if (moves) {
                double ratio =
                        direction == RewriteGoal.HARDER
                                ? cost / Math.max(current, 1e-9)
                                : current / cost;
                types.add(type);
                weights.add(ratio * ratio);
            }
        }
        if (types.isEmpty()) {
            return Optional.empty();
        }
        String chosen = SceneEdits.pickWeighted(types, weights, rng);
        return Optional.of(scene.withGoal(goal.with(goal.type(), chosen, goal.target())));
    }

    static boolean admissible(Scene scene, Goal goal, String type) {
        int needed = goal.type().targets();
        Capability capability = goal.type().capability();
        long usable =
                scene.objectsOfType(type).stream()
                        .filter(o -> o.has(Capability.PICKUPABLE) && o.receptacle() != null)
                        .filter(o -> capability == null || o.has(capability))
                        .count();
        if (usable < needed) {
            return false;
        }
        String destination = goal.receptacleType();
        if (destination == null) {
            return true;
        }
        return scene.canContain(destination, type)
                && (capability != null || !SceneEdits.anyIn(scene, type, destination));
    }
}
