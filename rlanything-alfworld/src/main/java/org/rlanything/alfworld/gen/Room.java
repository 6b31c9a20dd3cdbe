package org.rlanything.alfworld.gen;

import java.util.List;

/**
 * One ALFRED room as the generator sees it: its receptacles (with ids and agent locations) and the
 * object types the room holds. Rooms come from the layout files, never from evaluation games.
 *
 * @param floorPlan the ALFRED floor plan number (e.g. 7 for FloorPlan7)
 * @param kind kitchen, living room, bedroom or bathroom
 * @param receptacles every receptacle, sorted by id
 * @param objectTypes the non-receptacle object types present, in catalog order
 */
public record Room(
        int floorPlan,
        RoomKind kind,
        List<ReceptacleInstance> receptacles,
        List<String> objectTypes) {
    public Room {
        receptacles = List.copyOf(receptacles);
        objectTypes = List.copyOf(objectTypes);
    }

    /** "FloorPlan7". */
    public String floorPlanName() {
        return "FloorPlan" + floorPlan;
    }

    /** The receptacles of a type, in id order. */
    public List<ReceptacleInstance> receptaclesOfType(String type) {
        return receptacles.stream().filter(r -> r.type().equals(type)).toList();
    }

    public boolean hasReceptacleType(String type) {
        return receptacles.stream().anyMatch(r -> r.type().equals(type));
    }

    public boolean hasObjectType(String type) {
        return objectTypes.contains(type);
    }
}
