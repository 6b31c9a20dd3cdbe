package org.rlanything.alfworld.gen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the ALFRED world knows about object and receptacle types: which receptacle type can hold
 * which object type ({@code canContain}), which object types are pickupable, cleanable, heatable,
 * coolable, sliceable or toggleable, which receptacle types open, and where lamps stand.
 *
 * <p>Type names are bare ALFRED names ("Apple", "CounterTop"); the PDDL spelling adds "Type". The
 * default catalog is the bundled resource {@code alfred-types.json}, a restatement of the ALFRED
 * scene conventions that covers every {@code canContain} fact of the evaluation games.
 */
public final class TypeCatalog {

    static final String RESOURCE = "alfred-types.json";

    private final List<String> objectTypes;
    private final List<String> receptacleTypes;
    private final Set<String> openable;
    private final Map<Capability, Set<String>> capabilities;
    private final Map<String, Set<String>> canContain;
    private final Map<String, List<String>> lampHosts;
    private final Map<String, String> pairedFixtures;
    private final Map<String, Integer> syntheticCounts;

    private TypeCatalog(
            List<String> objectTypes,
            List<String> receptacleTypes,
            Set<String> openable,
            Map<Capability, Set<String>> capabilities,
            Map<String, Set<String>> canContain,
            Map<String, List<String>> lampHosts,
            Map<String, String> pairedFixtures,
            Map<String, Integer> syntheticCounts) {
        this.objectTypes = List.copyOf(objectTypes);
        this.receptacleTypes = List.copyOf(receptacleTypes);
        this.openable = Collections.unmodifiableSet(new TreeSet<>(openable));
        this.capabilities = Collections.unmodifiableMap(capabilities);
        this.canContain = Collections.unmodifiableMap(canContain);
        this.lampHosts = Collections.unmodifiableMap(lampHosts);
        this.pairedFixtures = Collections.unmodifiableMap(pairedFixtures);
        this.syntheticCounts = Collections.unmodifiableMap(syntheticCounts);
    }

    /** The bundled catalog. */
    public static TypeCatalog standard() {
        try (InputStream in = TypeCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        "The bundled resource " + RESOURCE + " is missing from the classpath.");
            }
            return parse(new ObjectMapper().readTree(in), RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not read the bundled resource " + RESOURCE + ".", e);
        }
    }

    static TypeCatalog parse(JsonNode root, String source) {
        List<String> objectTypes = strings(root, "objectTypes", source);
        List<String> receptacleTypes = strings(root, "receptacleTypes", source);
        Set<String> openable = new TreeSet<>(strings(root, "openableReceptacleTypes", source));
        Map<Capability, Set<String>> capabilities = new LinkedHashMap<>();
        JsonNode caps = required(root, "capabilities", source);
        for (Capability capability : Capability.values()) {
            capabilities.put(
                    capability,
                    Collections.unmodifiableSet(
                            new TreeSet<>(
                                    strings(
                                            caps,
                                            capability.predicate(),
                                            source + " capabilities"))));
        }
        Map<String, List<String>> groups = new TreeMap<>();
        JsonNode groupNode = root.path("contentGroups");
        groupNode
                .fieldNames()
                .forEachRemaining(name -> groups.put(name, strings(groupNode, name, source)));
        Map<String, Set<String>> canContain = new TreeMap<>();
        JsonNode contains = required(root, "canContain", source);
        contains.fieldNames()
                .forEachRemaining(
                        rtype ->
                                canContain.put(
                                        rtype,
                                        contents(
                                                contains,
                                                rtype,
                                                groups,
                                                objectTypes,
                                                receptacleTypes,
                                                source)));
        Map<String, List<String>> lampHosts = new TreeMap<>();
        JsonNode hosts = root.path("lampHosts");
        hosts.fieldNames()
                .forEachRemaining(
                        lamp -> lampHosts.put(lamp, strings(hosts, lamp, source + " lampHosts")));
        Map<String, String> paired = new TreeMap<>();
        root.path("pairedFixtures")
                .fields()
                .forEachRemaining(e -> paired.put(e.getKey(), e.getValue().asText()));
        Map<String, Integer> counts = new TreeMap<>();
        root.path("syntheticInstanceCounts")
                .fields()
                .forEachRemaining(e -> counts.put(e.getKey(), e.getValue().asInt()));
        return new TypeCatalog(
                objectTypes,
                receptacleTypes,
                openable,
                capabilities,
                canContain,
                lampHosts,
                paired,
                counts);
    }

    /**
     * What receptacle type {@code rtype} can contain ({@code @group} entries expanded); refuses
     * unknown receptacle and object types and undefined groups.
     */
    private static Set<String> contents(
            JsonNode contains,
            String rtype,
            Map<String, List<String>> groups,
            List<String> objectTypes,
            List<String> receptacleTypes,
            String source) {
        if (!receptacleTypes.contains(rtype)) {
            throw new IllegalArgumentException(
                    "canContain in "
                            + source
                            + " names the receptacle type '"
                            + rtype
                            + "', which is not listed under receptacleTypes.");
        }
        Set<String> contents = new TreeSet<>();
        for (String entry : strings(contains, rtype, source + " canContain")) {
            if (entry.startsWith("@")) {
                List<String> group = groups.get(entry);
                if (group == null) {
                    throw new IllegalArgumentException(
                            "canContain."
                                    + rtype
                                    + " in "
                                    + source
                                    + " refers to the content group '"
                                    + entry
                                    + "', which contentGroups does not define.");
                }
                contents.addAll(group);
            } else {
                contents.add(entry);
            }
        }
        for (String otype : contents) {
            if (!objectTypes.contains(otype)) {
                throw new IllegalArgumentException(
                        "canContain."
                                + rtype
                                + " in "
                                + source
                                + " names the object type '"
                                + otype
                                + "', which is not listed under objectTypes.");
            }
        }
        return Collections.unmodifiableSet(contents);
    }

    private static JsonNode required(JsonNode node, String key, String source) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException(
                    "The key '" + key + "' is missing in " + source + ".");
        }
        return value;
    }

    private static List<String> strings(JsonNode node, String key, String source) {
        JsonNode array = required(node, key, source);
        if (!array.isArray()) {
            throw new IllegalArgumentException(
                    "The key '" + key + "' in " + source + " must be a list of names.");
        }
        List<String> out = new ArrayList<>();
        array.forEach(item -> out.add(item.asText()));
        return out;
    }

    /** Every ALFRED object type, in the catalog's order (the PDDL problem declares them all). */
    public List<String> objectTypes() {
        return objectTypes;
    }

    /** Every ALFRED receptacle type, in the catalog's order. */
    public List<String> receptacleTypes() {
        return receptacleTypes;
    }

    public boolean isReceptacleType(String type) {
        return receptacleTypes.contains(type);
    }

    public boolean isObjectType(String type) {
        return objectTypes.contains(type);
    }

    public boolean opens(String receptacleType) {
        return openable.contains(receptacleType);
    }

    public boolean has(String objectType, Capability capability) {
        return capabilities.get(capability).contains(objectType);
    }

    /** The capabilities of an object type. */
    public Set<Capability> capabilitiesOf(String objectType) {
        Set<Capability> out = java.util.EnumSet.noneOf(Capability.class);
        for (Capability capability : Capability.values()) {
            if (has(objectType, capability)) {
                out.add(capability);
            }
        }
        return out;
    }

    public boolean canContain(String receptacleType, String objectType) {
        return canContain.getOrDefault(receptacleType, Set.of()).contains(objectType);
    }

    /** The object types a receptacle type can hold (empty for an unknown type). */
    public Set<String> contentsOf(String receptacleType) {
        return canContain.getOrDefault(receptacleType, Set.of());
    }

    /** Receptacle types a lamp of this type may stand in or on, in preference order. */
    public List<String> lampHosts(String lampType) {
        return lampHosts.getOrDefault(lampType, List.of());
    }

    /**
     * The non-receptacle fixture that comes with a receptacle type ("Sink" for "SinkBasin"), if
     * any.
     */
    public String pairedFixture(String receptacleType) {
        return pairedFixtures.get(receptacleType);
    }

    /**
     * How many instances to synthesize for a receptacle type that a layout lists without positions.
     */
    public int syntheticCount(String receptacleType) {
        return syntheticCounts.getOrDefault(receptacleType, 1);
    }
}
