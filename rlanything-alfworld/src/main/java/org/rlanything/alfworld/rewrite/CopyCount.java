package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.ReceptacleInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * Changes how many copies of the target type the room holds. Harder removes copies down to the
 * number the goal needs, the easiest to reach (on open surfaces) first; easier adds one or two
 * copies on open surfaces that can hold the type (in closed receptacles when the room has no such
 * surface).
 */
final class CopyCount implements RewriteOperator {

    @Override
    public String name() {
        return "copies";
    }

    @Override
    public Optional<Scene> apply(Scene scene, RewriteGoal direction, RandomGenerator rng) {
        Goal goal = scene.goal();
        Capability capability = goal.type().capability();
        List<ObjectInstance> targets =
                new ArrayList<>(
                        scene.objectsOfType(goal.objectType()).stream()
                                .filter(o -> o.has(Capability.PICKUPABLE) && o.receptacle() != null)
                                .filter(o -> capability == null || o.has(capability))
                                .toList());
        if (targets.isEmpty()) {
            return Optional.empty();
        }
        if (direction == RewriteGoal.HARDER) {
            int removable = targets.size() - goal.type().targets();
            if (removable <= 0) {
                return Optional.empty();
            }
            int remove = 1 + rng.nextInt(removable);
            SceneEdits.shuffle(targets, rng);
            targets.sort(Comparator.comparing(scene::isEnclosed));
            List<ObjectInstance> kept = new ArrayList<>(scene.objects());
            kept.removeAll(targets.subList(0, remove));
            return Optional.of(scene.withObjects(kept));
        }
        List<ReceptacleInstance> holders = SceneEdits.holders(scene, goal.objectType());
        List<ReceptacleInstance> open = holders.stream().filter(r -> !r.openable()).toList();
        List<ReceptacleInstance> places = open.isEmpty() ? holders : open;
        if (places.isEmpty()) {
            return Optional.empty();
        }
        Set<String> ids = SceneEdits.ids(scene);
        List<ObjectInstance> objects = new ArrayList<>(scene.objects());
        int add = 1 + rng.nextInt(2);
        for (int k = 0; k < add; k++) {
            objects.add(
                    SceneEdits.copyInto(targets.get(0), SceneEdits.pick(places, rng), ids, rng));
        }
        return Optional.of(scene.withObjects(objects));
    }
}
