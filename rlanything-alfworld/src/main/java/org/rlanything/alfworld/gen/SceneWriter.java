package org.rlanything.alfworld.gen;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes a {@link Scene} as an ALFWorld PDDL problem: the same sections, declarations and init
 * predicates as the games ALFWorld ships (type constants, instances, {@code receptacleType}, {@code
 * objectType}, per-receptacle {@code canContain} rows for the object types present, capability
 * facts, placement and location facts), so the engine reads and names everything as it does for
 * real games. A comment line before the problem records the floor plan. Output is a pure function
 * of the scene: entities and facts are written in sorted order.
 */
public final class SceneWriter {

    private static final String INDENT = "        ";

    /** The comment line that records the room, so a rewrite of the game knows its floor plan. */
    public static final String FLOOR_PLAN_COMMENT = "; ALFRED room: FloorPlan";

    private final TypeCatalog catalog;

    public SceneWriter(TypeCatalog catalog) {
        this.catalog = catalog;
    }

    public String write(Scene scene) {
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append('\n');
        if (scene.floorPlan() > 0) {
            out.append(FLOOR_PLAN_COMMENT).append(scene.floorPlan()).append('\n');
        }
        out.append("(define (problem plan_").append(scene.problemName()).append(")\n");
        out.append("(:domain alfred)\n");
        out.append("(:objects\n");
        out.append("agent1 - agent\n");
        Set<String> objectTypes = new LinkedHashSet<>(catalog.objectTypes());
        objectTypes.addAll(scene.objectTypes());
        Set<String> receptacleTypes = new LinkedHashSet<>(catalog.receptacleTypes());
        receptacleTypes.addAll(scene.receptacleTypes());
        scene.canContain()
                .forEach(
                        (rtype, otypes) -> {
                            receptacleTypes.add(rtype);
                            objectTypes.addAll(otypes);
                        });
        List<String> declarations = new ArrayList<>();
        objectTypes.forEach(t -> declarations.add(t + " - object"));
        objectTypes.forEach(t -> declarations.add(t + "Type - otype"));
        receptacleTypes.forEach(t -> declarations.add(t + "Type - rtype"));
        for (int i = 0; i < declarations.size(); i++) {
            out.append(i == 0 ? "" : INDENT).append(declarations.get(i)).append('\n');
        }
        out.append("\n\n");
        new TreeSet<>(scene.objects().stream().map(ObjectInstance::id).toList())
                .forEach(id -> line(out, id + " - object"));
        new TreeSet<>(scene.receptacles().stream().map(ReceptacleInstance::id).toList())
                .forEach(id -> line(out, id + " - receptacle"));
        locations(scene).forEach(loc -> line(out, loc + " - location"));
        out.append(INDENT).append(")\n\n");
        out.append("(:init\n\n");
        List<ReceptacleInstance> receptacles = sortedReceptacles(scene);
        List<ObjectInstance> objects = sortedObjects(scene);
        for (ReceptacleInstance r : receptacles) {
            fact(out, "receptacleType", r.id(), r.type() + "Type");
        }
        for (ObjectInstance o : objects) {
            fact(out, "objectType", o.id(), o.type() + "Type");
        }
        Set<String> presentTypes = scene.objectTypes();
        for (ReceptacleInstance r : receptacles) {
            for (String otype : scene.canContain().getOrDefault(r.type(), Set.of())) {
                if (presentTypes.contains(otype)) {
                    fact(out, "canContain", r.type() + "Type", otype + "Type");
                }
            }
        }
        capability(out, objects, Capability.PICKUPABLE);
        capability(out, objects, Capability.RECEPTACLE_OBJECT);
        for (ReceptacleInstance r : receptacles) {
            if (r.openable()) {
                fact(out, "openable", r.id());
            }
        }
        fact(out, "atLocation", "agent1", scene.agentLocation());
        capability(out, objects, Capability.CLEANABLE);
        capability(out, objects, Capability.HEATABLE);
        capability(out, objects, Capability.COOLABLE);
        capability(out, objects, Capability.SLICEABLE);
        capability(out, objects, Capability.TOGGLEABLE);
        for (ObjectInstance o : objects) {
            for (String receptacle : o.receptacles()) {
                fact(out, "inReceptacle", o.id(), receptacle);
            }
        }
        for (ReceptacleInstance r : receptacles) {
            fact(out, "receptacleAtLocation", r.id(), r.location());
        }
        for (ObjectInstance o : objects) {
            fact(out, "objectAtLocation", o.id(), o.location());
        }
        out.append(INDENT).append(")\n\n\n");
        for (String goalLine : scene.goal().pddl().split("\n")) {
            out.append(INDENT).append(goalLine).append('\n');
        }
        out.append("    )\n");
        return out.toString();
    }

    /** Every location the problem mentions, sorted. */
    static Set<String> locations(Scene scene) {
        Set<String> out = new TreeSet<>();
        out.add(scene.agentLocation());
        scene.receptacles().forEach(r -> out.add(r.location()));
        scene.objects().forEach(o -> out.add(o.location()));
        return out;
    }

    private static List<ReceptacleInstance> sortedReceptacles(Scene scene) {
        List<ReceptacleInstance> list = new ArrayList<>(scene.receptacles());
        list.sort((a, b) -> a.id().compareTo(b.id()));
        return list;
    }

    private static List<ObjectInstance> sortedObjects(Scene scene) {
        List<ObjectInstance> list = new ArrayList<>(scene.objects());
        list.sort((a, b) -> a.id().compareTo(b.id()));
        return list;
    }

    private static void capability(
            StringBuilder out, List<ObjectInstance> objects, Capability capability) {
        Set<String> seen = new LinkedHashSet<>();
        for (ObjectInstance o : objects) {
            if (o.has(capability) && seen.add(o.id())) {
                fact(out, capability.predicate(), o.id());
            }
        }
    }

    private static void line(StringBuilder out, String text) {
        out.append(INDENT).append(text).append('\n');
    }

    private static void fact(StringBuilder out, String predicate, String... args) {
        out.append(INDENT).append('(').append(predicate);
        for (String arg : args) {
            out.append(' ').append(arg);
        }
        out.append(")\n");
    }
}
