package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.ReceptacleInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * Changes the clutter: harder adds two to four extra copies of non-target object types already in
 * the room (in receptacles that can hold them), easier removes two to four non-target pickupable
 * objects. Targets, lamps and fixtures are never touched.
 */
final class Distractors implements RewriteOperator {

    @Override
    public String name() {
        return "distractors";
    }

    @Override
    public Optional<Scene> apply(Scene scene, RewriteGoal direction, RandomGenerator rng) {
        String target = scene.goal().objectType();
        List<ObjectInstance> others =
                scene.objects().stream()
                        .filter(
                                o ->
                                        o.has(Capability.PICKUPABLE)
                                                && !o.type().equals(target)
                                                && o.receptacle() != null)
                        .toList();
        if (others.isEmpty()) {
            return Optional.empty();
        }
        int count = 2 + rng.nextInt(3);
        List<ObjectInstance> objects = new ArrayList<>(scene.objects());
        if (direction == RewriteGoal.EASIER) {
            List<ObjectInstance> order = new ArrayList<>(others);
            SceneEdits.shuffle(order, rng);
            objects.removeAll(order.subList(0, Math.min(count, order.size())));
            return Optional.of(scene.withObjects(objects));
        }
        Set<String> ids = SceneEdits.ids(scene);
        int added = 0;
        for (int attempt = 0; attempt < 4 * count && added < count; attempt++) {
            ObjectInstance prototype = SceneEdits.pick(others, rng);
            List<ReceptacleInstance> places =
                    scene.receptacles().stream()
                            .filter(r -> scene.canContain(r.type(), prototype.type()))
                            .toList();
            if (places.isEmpty()) {
                continue;
            }
            objects.add(SceneEdits.copyInto(prototype, SceneEdits.pick(places, rng), ids, rng));
            added++;
        }
        return added == 0 ? Optional.empty() : Optional.of(scene.withObjects(objects));
    }
}
