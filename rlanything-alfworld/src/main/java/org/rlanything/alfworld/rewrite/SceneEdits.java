package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.ReceptacleInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.ThorIds;

/** Small scene queries and edits shared by the rewrite operators. */
final class SceneEdits {

    private SceneEdits() {}

    /** Receptacles that can hold {@code type}, excluding the goal's destination type. */
    static List<ReceptacleInstance> holders(Scene scene, String type) {
        String destination = scene.goal().receptacleType();
        return scene.receptacles().stream()
                .filter(r -> scene.canContain(r.type(), type) && !r.type().equals(destination))
                .toList();
    }

    /** Whether any instance of {@code type} sits in a receptacle of {@code receptacleType}. */
    static boolean anyIn(Scene scene, String type, String receptacleType) {
        return scene.objectsOfType(type).stream().anyMatch(o -> isIn(scene, o, receptacleType));
    }

    /** Whether {@code object} sits in a receptacle of {@code receptacleType}. */
    static boolean isIn(Scene scene, ObjectInstance object, String receptacleType) {
        return object.receptacles().stream()
                .anyMatch(
                        r ->
                                scene.receptacle(r)
                                        .map(x -> x.type().equals(receptacleType))
                                        .orElse(false));
    }

    /** Every entity name of the scene. */
    static Set<String> ids(Scene scene) {
        Set<String> ids = new HashSet<>();
        scene.objects().forEach(o -> ids.add(o.id()));
        scene.receptacles().forEach(r -> ids.add(r.id()));
        return ids;
    }

    /**
     * A copy of {@code prototype} (type and capabilities) placed in {@code receptacle} under a
     * fresh name.
     */
    static ObjectInstance copyInto(
            ObjectInstance prototype,
            ReceptacleInstance receptacle,
            Set<String> ids,
            RandomGenerator rng) {
        return new ObjectInstance(
                ThorIds.freshObjectId(prototype.type(), receptacle.id(), ids, rng),
                prototype.type(),
                receptacle.location(),
                List.of(receptacle.id()),
                prototype.capabilities());
    }

    /**
     * The scene's objects with {@code replaced} swapped for {@code replacement} (same position in
     * the list).
     */
    static List<ObjectInstance> replace(
            Scene scene, ObjectInstance replaced, ObjectInstance replacement) {
        List<ObjectInstance> out = new ArrayList<>(scene.objects());
        out.set(out.indexOf(replaced), replacement);
        return out;
    }

    /** Shuffles {@code items} in place (Fisher-Yates) with draws from {@code rng}. */
    static <T> void shuffle(List<T> items, RandomGenerator rng) {
        for (int i = items.size() - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            T swap = items.get(i);
            items.set(i, items.get(j));
            items.set(j, swap);
        }
    }

    /** A random element, or null when empty. */
    static <T> T pick(List<T> items, RandomGenerator rng) {
        return items.isEmpty() ? null : items.get(rng.nextInt(items.size()));
    }

    /** An element drawn with probability proportional to its weight (all weights positive). */
    static <T> T pickWeighted(List<T> items, List<Double> weights, RandomGenerator rng) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double u = rng.nextDouble() * total;
        for (int i = 0; i < items.size(); i++) {
            u -= weights.get(i);
            if (u < 0) {
                return items.get(i);
            }
        }
        return items.get(items.size() - 1);
    }
}
