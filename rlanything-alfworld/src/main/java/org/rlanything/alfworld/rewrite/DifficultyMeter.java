package org.rlanything.alfworld.rewrite;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.ReceptacleInstance;
import org.rlanything.alfworld.gen.Scene;

/**
 * Measures a scene's {@link Difficulty}.
 *
 * <p><b>Search cost.</b> An agent that does not know where the targets are visits the receptacles
 * that could hold the target type (those whose type can contain it, except the destination type,
 * plus any receptacle that actually holds a target) in random order. With {@code n} such
 * receptacles of which {@code k} hold a target, finding one takes {@code (n + 1) / (k + 1)} visits
 * on average, and a goal that needs {@code t} targets takes {@code t} times that. A visit to an
 * openable receptacle also costs an "open", so the visits are scaled by {@code 1 + (openable share
 * of the n)}. A lamp goal adds the same estimate for finding the lamp among the receptacles that
 * carry lamps of any kind.
 */
public final class DifficultyMeter {

    private DifficultyMeter() {}

    public static Difficulty measure(Scene scene, int optimalSteps) {
        Goal goal = scene.goal();
        double search =
                searchCost(scene, goal.objectType(), goal.receptacleType(), goal.type().targets());
        if (goal.lampType() != null) {
            search += searchCost(scene, goal.lampType(), null, 1);
        }
        int distractors =
                (int)
                        scene.objects().stream()
                                .filter(
                                        o ->
                                                o.has(Capability.PICKUPABLE)
                                                        && !o.type().equals(goal.objectType()))
                                .count();
        return new Difficulty(optimalSteps, search, distractors);
    }

    /** The expected visits (with opens) to find {@code needed} instances of {@code type}. */
    static double searchCost(Scene scene, String type, String destinationType, int needed) {
        List<ObjectInstance> targets = scene.objectsOfType(type);
        Set<String> holders = new HashSet<>();
        targets.forEach(o -> holders.addAll(o.receptacles()));
        int n = 0;
        int openable = 0;
        int k = 0;
        for (ReceptacleInstance r : scene.receptacles()) {
            boolean holds = holders.contains(r.id());
            boolean possible =
                    scene.canContain(r.type(), type) && !r.type().equals(destinationType);
            if (holds || possible) {
                n++;
                openable += r.openable() ? 1 : 0;
                k += holds ? 1 : 0;
            }
        }
        if (n == 0) {
            return 0;
        }
        double visits = needed * (n + 1.0) / (k + 1.0);
        return visits * (1.0 + (double) openable / n);
    }
}
