package org.rlanything.alfworld.gen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.rlanything.core.Seeds;

/**
 * The rooms available for training games, read from ALFRED layout files ({@code
 * FloorPlanN-objects.json}: the types in the room; {@code FloorPlanN-openable.json}: receptacle ids
 * with the agent pose used to reach them).
 *
 * <p>A receptacle type that the objects file lists but the openable file does not place (coffee
 * machines, garbage cans, stove burners, ...) gets {@link TypeCatalog#syntheticCount} instances at
 * positions drawn inside the room's extent. Those draws use a generator seeded only by the floor
 * plan number, so a room is the same in every game and every run. Floor plans in the exclusion set
 * are skipped.
 */
public final class RoomLibrary {

    private static final Pattern OBJECTS_FILE = Pattern.compile("FloorPlan(\\d+)-objects\\.json");
    private static final long LAYOUT_SEED = Seeds.purpose("alfworld/gen/room-layout");
    private static final int[] HORIZONS = {0, 30, 45, 60};

    private final List<Room> rooms;
    private final Set<Integer> excluded;

    private RoomLibrary(List<Room> rooms, Set<Integer> excluded) {
        this.rooms = List.copyOf(rooms);
        this.excluded = Set.copyOf(excluded);
    }

    /** The floor plans that were left out (the evaluation rooms). */
    public Set<Integer> excluded() {
        return excluded;
    }

    /** Loads every floor plan under {@code layoutsDir} except those in {@code excluded}. */
    public static RoomLibrary load(Path layoutsDir, TypeCatalog catalog, Set<Integer> excluded) {
        Map<Integer, Path> objectFiles = new TreeMap<>();
        try (Stream<Path> files = Files.list(layoutsDir)) {
            files.forEach(
                    file -> {
                        Matcher matcher = OBJECTS_FILE.matcher(file.getFileName().toString());
                        if (matcher.matches()) {
                            objectFiles.put(Integer.parseInt(matcher.group(1)), file);
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not list the layout folder " + layoutsDir + ".", e);
        }
        ObjectMapper json = new ObjectMapper();
        List<Room> rooms = new ArrayList<>();
        for (Map.Entry<Integer, Path> entry : objectFiles.entrySet()) {
            int floorPlan = entry.getKey();
            if (excluded.contains(floorPlan)) {
                continue;
            }
            Path openableFile = layoutsDir.resolve("FloorPlan" + floorPlan + "-openable.json");
            if (!Files.isRegularFile(openableFile)) {
                throw new IllegalArgumentException(
                        "The layout "
                                + entry.getValue()
                                + " has no companion file "
                                + openableFile.getFileName()
                                + ".");
            }
            rooms.add(
                    buildRoom(
                            floorPlan,
                            read(json, entry.getValue()),
                            read(json, openableFile),
                            catalog,
                            openableFile));
        }
        if (rooms.isEmpty()) {
            throw new IllegalArgumentException(
                    "No usable floor plan was found in " + layoutsDir + ".");
        }
        return new RoomLibrary(rooms, excluded);
    }

    /** The rooms, in floor plan order. */
    public List<Room> rooms() {
        return rooms;
    }

    /** The room with this floor plan number; fails when it is absent or excluded. */
    public Room room(int floorPlan) {
        return rooms.stream()
                .filter(r -> r.floorPlan() == floorPlan)
                .findFirst()
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "Floor plan "
                                                + floorPlan
                                                + " is not among the training rooms."));
    }

    private static Room buildRoom(
            int floorPlan,
            JsonNode objects,
            JsonNode openable,
            TypeCatalog catalog,
            Path openableFile) {
        Set<String> listed = new HashSet<>();
        objects.forEach(node -> listed.add(node.asText()));
        List<ReceptacleInstance> receptacles = new ArrayList<>();
        Set<String> placedTypes = new HashSet<>();
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double minZ = Double.MAX_VALUE;
        double maxZ = -Double.MAX_VALUE;
        for (Iterator<Map.Entry<String, JsonNode>> it = openable.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String thorId = entry.getKey();
            String[] parts = thorId.split("\\|");
            String type = parts.length > 4 ? parts[4] : parts[0];
            JsonNode pose = entry.getValue();
            if (parts.length < 4 || !pose.isArray() || pose.size() < 4) {
                throw new IllegalArgumentException(
                        "The entry '"
                                + thorId
                                + "' of "
                                + openableFile
                                + " is not a THOR id with a pose [x, z, rotation, horizon].");
            }
            double x = Double.parseDouble(parts[1]);
            double z = Double.parseDouble(parts[3]);
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
            minZ = Math.min(minZ, z);
            maxZ = Math.max(maxZ, z);
            if (!catalog.isReceptacleType(type)) {
                continue;
            }
            String location =
                    ThorIds.location(
                            pose.get(0).asDouble(),
                            pose.get(1).asDouble(),
                            pose.get(2).asDouble(),
                            pose.get(3).asDouble());
            receptacles.add(
                    new ReceptacleInstance(
                            ThorIds.mangle(thorId), type, location, catalog.opens(type)));
            placedTypes.add(type);
        }
        if (receptacles.isEmpty()) {
            minX = -2;
            maxX = 2;
            minZ = -2;
            maxZ = 2;
        }
        Set<String> ids = new HashSet<>();
        receptacles.forEach(r -> ids.add(r.id()));
        int typeIndex = 0;
        for (String type : catalog.receptacleTypes()) {
            typeIndex++;
            if (!listed.contains(type) || placedTypes.contains(type)) {
                continue;
            }
            RandomGenerator rng = Seeds.rng(LAYOUT_SEED, floorPlan, typeIndex);
            receptacles.addAll(
                    synthetic(type, rng, new double[] {minX, maxX, minZ, maxZ}, ids, catalog));
        }
        receptacles.sort((a, b) -> a.id().compareTo(b.id()));
        List<String> objectTypes = new ArrayList<>();
        for (String type : catalog.objectTypes()) {
            if (listed.contains(type)) {
                objectTypes.add(type);
            }
        }
        return new Room(floorPlan, RoomKind.ofFloorPlan(floorPlan), receptacles, objectTypes);
    }

    /**
     * The synthetic receptacles of {@code type} a room lists but the layout does not place: at
     * random points within {@code bounds} (min x, max x, min z, max z), with ids new to {@code ids}
     * (which they join).
     */
    private static List<ReceptacleInstance> synthetic(
            String type,
            RandomGenerator rng,
            double[] bounds,
            Set<String> ids,
            TypeCatalog catalog) {
        List<ReceptacleInstance> out = new ArrayList<>();
        for (int k = 0; k < catalog.syntheticCount(type); k++) {
            String id;
            double x;
            double z;
            do {
                x = bounds[0] + rng.nextDouble() * (bounds[1] - bounds[0]);
                z = bounds[2] + rng.nextDouble() * (bounds[3] - bounds[2]);
                double y = rng.nextDouble();
                String fixture = catalog.pairedFixture(type);
                id =
                        fixture == null
                                ? ThorIds.entity(type, x, y, z)
                                : ThorIds.entity(fixture, x, y, z) + "_bar_" + type;
            } while (!ids.add(id));
            String location =
                    ThorIds.location(
                            (int) Math.round(x * 4) + rng.nextInt(-2, 3),
                            (int) Math.round(z * 4) + rng.nextInt(-2, 3),
                            rng.nextInt(4),
                            HORIZONS[rng.nextInt(HORIZONS.length)]);
            out.add(new ReceptacleInstance(id, type, location, catalog.opens(type)));
        }
        return out;
    }

    private static JsonNode read(ObjectMapper json, Path file) {
        try {
            return json.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the layout file " + file + ".", e);
        }
    }
}
