package org.rlanything.alfworld.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which goals a room admits for a task type. The rules: the target type is pickupable, present, and
 * some receptacle of the room can hold it somewhere other than the destination; the destination can
 * hold the target type; a clean, heat or cool goal needs the target's capability and the appliance
 * (sink basin, microwave, fridge) in the room, and does not use the appliance as destination; a
 * lamp goal needs a toggleable lamp type and a receptacle it can stand on.
 */
public final class GoalOptions {

    private final TypeCatalog catalog;

    public GoalOptions(TypeCatalog catalog) {
        this.catalog = catalog;
    }

    /** The admissible goals of {@code type} in {@code room}, sorted, all with phrasing 0. */
    public List<Goal> in(Room room, TaskType type) {
        Set<String> receptacleTypes = new TreeSet<>();
        room.receptacles().forEach(r -> receptacleTypes.add(r.type()));
        List<Goal> goals = new ArrayList<>();
        if (type.appliance() != null && !receptacleTypes.contains(type.appliance())) {
            return goals;
        }
        for (String objectType : room.objectTypes()) {
            if (!catalog.has(objectType, Capability.PICKUPABLE)) {
                continue;
            }
            if (type.capability() != null && !catalog.has(objectType, type.capability())) {
                continue;
            }
            if (type.usesLamp()) {
                if (receptacleTypes.stream().noneMatch(r -> catalog.canContain(r, objectType))) {
                    continue;
                }
                for (String lamp : room.objectTypes()) {
                    if (catalog.has(lamp, Capability.TOGGLEABLE)
                            && catalog.lampHosts(lamp).stream()
                                    .anyMatch(receptacleTypes::contains)) {
                        goals.add(new Goal(type, objectType, lamp, 0));
                    }
                }
                continue;
            }
            for (String destination : receptacleTypes) {
                if (destination.equals(type.appliance())
                        || !catalog.canContain(destination, objectType)) {
                    continue;
                }
                boolean startsElsewhere =
                        receptacleTypes.stream()
                                .anyMatch(
                                        r ->
                                                !r.equals(destination)
                                                        && catalog.canContain(r, objectType));
                if (startsElsewhere) {
                    goals.add(new Goal(type, objectType, destination, 0));
                }
            }
        }
        return goals;
    }
}
