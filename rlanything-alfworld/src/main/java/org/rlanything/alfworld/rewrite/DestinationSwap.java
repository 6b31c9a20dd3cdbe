package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.ReceptacleInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * Swaps the destination receptacle type (or, for a lamp goal, the lamp type) for another one in the
 * room that satisfies the constraints. Harder prefers destinations that must be opened, easier open
 * surfaces (weight 3 against 1).
 */
final class DestinationSwap implements RewriteOperator {

    @Override
    public String name() {
        return "destination";
    }

    @Override
    public Optional<Scene> apply(Scene scene, RewriteGoal direction, RandomGenerator rng) {
        Goal goal = scene.goal();
        List<String> options = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        if (goal.type().usesLamp()) {
            for (String type : scene.objectTypes()) {
                boolean lamp =
                        scene.objectsOfType(type).stream()
                                .anyMatch(
                                        o ->
                                                o.has(Capability.TOGGLEABLE)
                                                        && o.receptacle() != null);
                if (lamp && !type.equals(goal.lampType())) {
                    options.add(type);
                    weights.add(1.0);
                }
            }
        } else {
            String target = goal.objectType();
            for (String type : scene.receptacleTypes()) {
                if (type.equals(goal.receptacleType())
                        || type.equals(goal.type().appliance())
                        || !scene.canContain(type, target)) {
                    continue;
                }
                if (goal.type().capability() == null && SceneEdits.anyIn(scene, target, type)) {
                    continue;
                }
                boolean closed =
                        scene.receptaclesOfType(type).stream()
                                .allMatch(ReceptacleInstance::openable);
                boolean preferred = direction == RewriteGoal.HARDER ? closed : !closed;
                options.add(type);
                weights.add(preferred ? 3.0 : 1.0);
            }
        }
        if (options.isEmpty()) {
            return Optional.empty();
        }
        String chosen = SceneEdits.pickWeighted(options, weights, rng);
        return Optional.of(scene.withGoal(goal.with(goal.type(), goal.objectType(), chosen)));
    }
}
