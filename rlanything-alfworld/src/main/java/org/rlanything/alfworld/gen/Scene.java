package org.rlanything.alfworld.gen;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything a game's PDDL problem states: the room's receptacles, the objects and where they are,
 * where the agent starts, which receptacle types can hold which object types, and the goal.
 * Immutable; the rewriter derives new scenes with the {@code with...} methods.
 *
 * @param problemName the PDDL problem name (without the "plan_" prefix)
 * @param floorPlan the ALFRED floor plan number, or 0 when unknown
 * @param agentLocation the PDDL location where the agent starts
 * @param receptacles the receptacles
 * @param objects the objects
 * @param canContain receptacle type to the object types it can hold (bare type names)
 * @param goal the goal
 */
public record Scene(
        String problemName,
        int floorPlan,
        String agentLocation,
        List<ReceptacleInstance> receptacles,
        List<ObjectInstance> objects,
        Map<String, Set<String>> canContain,
        Goal goal) {
    public Scene {
        Objects.requireNonNull(problemName, "problemName");
        Objects.requireNonNull(agentLocation, "agentLocation");
        Objects.requireNonNull(goal, "goal");
        receptacles = List.copyOf(receptacles);
        objects = List.copyOf(objects);
        Map<String, Set<String>> copy = new TreeMap<>();
        canContain.forEach((k, v) -> copy.put(k, Collections.unmodifiableSet(new TreeSet<>(v))));
        canContain = Collections.unmodifiableMap(copy);
    }

    public boolean canContain(String receptacleType, String objectType) {
        return canContain.getOrDefault(receptacleType, Set.of()).contains(objectType);
    }

    public Optional<ReceptacleInstance> receptacle(String id) {
        return receptacles.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    public List<ReceptacleInstance> receptaclesOfType(String type) {
        return receptacles.stream().filter(r -> r.type().equals(type)).toList();
    }

    public List<ObjectInstance> objectsOfType(String type) {
        return objects.stream().filter(o -> o.type().equals(type)).toList();
    }

    /** The receptacle types present, sorted. */
    public Set<String> receptacleTypes() {
        Set<String> out = new TreeSet<>();
        receptacles.forEach(r -> out.add(r.type()));
        return out;
    }

    /** The object types present, sorted. */
    public Set<String> objectTypes() {
        Set<String> out = new TreeSet<>();
        objects.forEach(o -> out.add(o.type()));
        return out;
    }

    /** Whether the receptacle an object is in must be opened to reach it. */
    public boolean isEnclosed(ObjectInstance object) {
        String receptacle = object.receptacle();
        return receptacle != null
                && receptacle(receptacle).map(ReceptacleInstance::openable).orElse(false);
    }

    public Scene withGoal(Goal newGoal) {
        return new Scene(
                problemName, floorPlan, agentLocation, receptacles, objects, canContain, newGoal);
    }

    public Scene withObjects(List<ObjectInstance> newObjects) {
        return new Scene(
                problemName, floorPlan, agentLocation, receptacles, newObjects, canContain, goal);
    }

    public Scene withProblemName(String newName) {
        return new Scene(newName, floorPlan, agentLocation, receptacles, objects, canContain, goal);
    }
}
