package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.ReceptacleInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * Moves target copies between open surfaces and closed receptacles. Harder shuts one or more copies
 * that lie in the open into closed receptacles (cabinets, drawers, fridges, ...) that can hold
 * them; easier takes shut-away copies out onto open surfaces. The destination type is never used as
 * a hiding place.
 */
final class Concealment implements RewriteOperator {

    @Override
    public String name() {
        return "concealment";
    }

    @Override
    public Optional<Scene> apply(Scene scene, RewriteGoal direction, RandomGenerator rng) {
        Goal goal = scene.goal();
        boolean hide = direction == RewriteGoal.HARDER;
        List<ObjectInstance> movable =
                scene.objectsOfType(goal.objectType()).stream()
                        .filter(o -> o.receptacles().size() == 1 && scene.isEnclosed(o) != hide)
                        .toList();
        List<ReceptacleInstance> places =
                SceneEdits.holders(scene, goal.objectType()).stream()
                        .filter(r -> r.openable() == hide)
                        .toList();
        if (movable.isEmpty() || places.isEmpty()) {
            return Optional.empty();
        }
        List<ObjectInstance> order = new ArrayList<>(movable);
        SceneEdits.shuffle(order, rng);
        int count = 1 + rng.nextInt(order.size());
        Scene out = scene;
        for (ObjectInstance object : order.subList(0, count)) {
            ReceptacleInstance place = SceneEdits.pick(places, rng);
            out =
                    out.withObjects(
                            SceneEdits.replace(
                                    out, object, object.movedTo(place.id(), place.location())));
        }
        return Optional.of(out);
    }
}
