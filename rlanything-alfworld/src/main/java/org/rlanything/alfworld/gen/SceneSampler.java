package org.rlanything.alfworld.gen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * Populates a room for a goal, the way ALFRED scenes are populated: every pickupable object type of
 * the room appears 1 to 3 times ({@link #MAX_COPIES}), each copy in or on a receptacle that can
 * hold its type; the target type appears as often as the goal needs (1 to 3, or 2 to 4 for "two
 * objects") and never starts in a destination-type receptacle, so the goal is not met at the start;
 * each lamp stands on a receptacle that can carry it; scenery (windows, chairs, sinks, ...) is
 * declared at a receptacle's location but in no receptacle, so the engine never lists it. Every
 * random choice comes from the given generator.
 */
public final class SceneSampler {

    /** Most copies of a non-target object type (ALFRED's MAX_NUM_OF_OBJ_INSTANCES). */
    public static final int MAX_COPIES = 3;

    private final TypeCatalog catalog;

    public SceneSampler(TypeCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * A scene of {@code room} for {@code goal}; fails when the goal is not admissible in the room.
     */
    public Scene sample(Room room, Goal goal, String problemName, RandomGenerator rng) {
        Map<String, Set<String>> canContain = new TreeMap<>();
        for (ReceptacleInstance r : room.receptacles()) {
            canContain.put(r.type(), catalog.contentsOf(r.type()));
        }
        Set<String> ids = new HashSet<>();
        room.receptacles().forEach(r -> ids.add(r.id()));
        Set<String> fixtureTypes = new HashSet<>();
        List<ObjectInstance> objects = fixtures(room, ids, fixtureTypes);
        boolean targetPlaced = false;
        for (String type : room.objectTypes()) {
            if (fixtureTypes.contains(type)) {
                continue;
            }
            if (catalog.has(type, Capability.TOGGLEABLE)) {
                List<ReceptacleInstance> hosts =
                        room.receptacles().stream()
                                .filter(r -> catalog.lampHosts(type).contains(r.type()))
                                .toList();
                if (!hosts.isEmpty()) {
                    objects.add(place(type, pick(hosts, rng), ids, rng));
                }
                continue;
            }
            if (!catalog.has(type, Capability.PICKUPABLE)) {
                ReceptacleInstance near = pick(room.receptacles(), rng);
                ObjectInstance placed = place(type, near, ids, rng);
                objects.add(
                        new ObjectInstance(
                                placed.id(),
                                type,
                                near.location(),
                                List.of(),
                                placed.capabilities()));
                continue;
            }
            boolean target = type.equals(goal.objectType());
            List<ReceptacleInstance> holders =
                    room.receptacles().stream()
                            .filter(r -> catalog.canContain(r.type(), type))
                            .filter(r -> !target || !r.type().equals(goal.receptacleType()))
                            .toList();
            if (holders.isEmpty()) {
                continue;
            }
            int copies =
                    target
                            ? goal.type().targets() + rng.nextInt(MAX_COPIES)
                            : 1 + rng.nextInt(MAX_COPIES);
            for (int k = 0; k < copies; k++) {
                objects.add(place(type, pick(holders, rng), ids, rng));
            }
            targetPlaced |= target;
        }
        if (!targetPlaced) {
            throw new IllegalArgumentException(
                    "The goal '"
                            + goal.text()
                            + "' is not admissible in "
                            + room.floorPlanName()
                            + ": no receptacle there can hold a "
                            + goal.objectType()
                            + ".");
        }
        return new Scene(
                problemName,
                room.floorPlan(),
                agentStart(room, rng),
                room.receptacles(),
                objects,
                canContain,
                goal);
    }

    /**
     * The fixture objects paired with the room's receptacles (a bar fixture's object), each once;
     * their types join {@code fixtureTypes} and their ids {@code ids}.
     */
    private List<ObjectInstance> fixtures(Room room, Set<String> ids, Set<String> fixtureTypes) {
        List<ObjectInstance> objects = new ArrayList<>();
        for (ReceptacleInstance r : room.receptacles()) {
            String fixture = catalog.pairedFixture(r.type());
            if (fixture == null) {
                continue;
            }
            fixtureTypes.add(fixture);
            String suffix = "_bar_" + r.type();
            if (r.id().endsWith(suffix) && r.id().startsWith(fixture + "_bar_")) {
                String id = r.id().substring(0, r.id().length() - suffix.length());
                if (ids.add(id)) {
                    objects.add(
                            new ObjectInstance(
                                    id,
                                    fixture,
                                    r.location(),
                                    List.of(),
                                    catalog.capabilitiesOf(fixture)));
                }
            }
        }
        return objects;
    }

    /**
     * A new object of {@code type} in or on {@code receptacle}, with a fresh THOR-style id near it.
     */
    ObjectInstance place(
            String type, ReceptacleInstance receptacle, Set<String> ids, RandomGenerator rng) {
        return new ObjectInstance(
                ThorIds.freshObjectId(type, receptacle.id(), ids, rng),
                type,
                receptacle.location(),
                List.of(receptacle.id()),
                catalog.capabilitiesOf(type));
    }

    /** A start location on the room's grid that no receptacle uses. */
    static String agentStart(Room room, RandomGenerator rng) {
        Set<String> taken = new HashSet<>();
        int minX = Integer.MAX_VALUE;
        int maxX = Integer.MIN_VALUE;
        int minZ = Integer.MAX_VALUE;
        int maxZ = Integer.MIN_VALUE;
        for (ReceptacleInstance r : room.receptacles()) {
            taken.add(r.location());
            double[] xyz = ThorIds.coordinatesOf(r.id());
            minX = Math.min(minX, (int) Math.round(xyz[0] * 4));
            maxX = Math.max(maxX, (int) Math.round(xyz[0] * 4));
            minZ = Math.min(minZ, (int) Math.round(xyz[2] * 4));
            maxZ = Math.max(maxZ, (int) Math.round(xyz[2] * 4));
        }
        String location;
        do {
            location =
                    ThorIds.location(
                            rng.nextInt(minX, maxX + 1),
                            rng.nextInt(minZ, maxZ + 1),
                            rng.nextInt(4),
                            30);
        } while (taken.contains(location));
        return location;
    }

    static <T> T pick(List<T> items, RandomGenerator rng) {
        return items.get(rng.nextInt(items.size()));
    }
}
