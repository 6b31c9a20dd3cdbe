package org.rlanything.alfworld.gen;

import java.util.List;

/**
 * The six ALFWorld task types. Each names the capability its target needs, the appliance that
 * provides it, how many target copies the goal asks for, and the two phrasings ALFWorld uses for
 * its goal text ({@code %1$s} is the object, {@code %2$s} the receptacle or lamp, both in lower
 * case).
 */
public enum TaskType {
    PICK_AND_PLACE_SIMPLE(
            "pick_and_place_simple",
            null,
            null,
            1,
            List.of("put a %1$s in %2$s.", "put some %1$s on %2$s.")),
    LOOK_AT_OBJ_IN_LIGHT(
            "look_at_obj_in_light",
            null,
            null,
            1,
            List.of("look at %1$s under the %2$s.", "examine the %1$s with the %2$s.")),
    PICK_CLEAN_THEN_PLACE_IN_RECEP(
            "pick_clean_then_place_in_recep",
            Capability.CLEANABLE,
            "SinkBasin",
            1,
            List.of("put a clean %1$s in %2$s.", "clean some %1$s and put it in %2$s.")),
    PICK_HEAT_THEN_PLACE_IN_RECEP(
            "pick_heat_then_place_in_recep",
            Capability.HEATABLE,
            "Microwave",
            1,
            List.of("put a hot %1$s in %2$s.", "heat some %1$s and put it in %2$s.")),
    PICK_COOL_THEN_PLACE_IN_RECEP(
            "pick_cool_then_place_in_recep",
            Capability.COOLABLE,
            "Fridge",
            1,
            List.of("put a cool %1$s in %2$s.", "cool some %1$s and put it in %2$s.")),
    PICK_TWO_OBJ_AND_PLACE(
            "pick_two_obj_and_place",
            null,
            null,
            2,
            List.of("put two %1$s in %2$s.", "find two %1$s and put them in %2$s."));

    private final String id;
    private final Capability capability;
    private final String appliance;
    private final int targets;
    private final List<String> phrasings;

    TaskType(
            String id,
            Capability capability,
            String appliance,
            int targets,
            List<String> phrasings) {
        this.id = id;
        this.capability = capability;
        this.appliance = appliance;
        this.targets = targets;
        this.phrasings = phrasings;
    }

    /** The ALFWorld name, e.g. "pick_heat_then_place_in_recep". */
    public String id() {
        return id;
    }

    /** The capability the target object must have, or null. */
    public Capability capability() {
        return capability;
    }

    /** The receptacle type that cleans, heats or cools the target, or null. */
    public String appliance() {
        return appliance;
    }

    /** How many distinct target objects the goal needs (2 for "two objects"). */
    public int targets() {
        return targets;
    }

    /** Whether the goal names a lamp instead of a destination receptacle. */
    public boolean usesLamp() {
        return this == LOOK_AT_OBJ_IN_LIGHT;
    }

    /** The goal text templates. */
    public List<String> phrasings() {
        return phrasings;
    }

    /** The task type with this ALFWorld name; fails with the known names. */
    public static TaskType ofId(String id) {
        for (TaskType type : values()) {
            if (type.id.equals(id)) {
                return type;
            }
        }
        throw new IllegalArgumentException(
                "'"
                        + id
                        + "' is not an ALFWorld task type; expected one of "
                        + java.util.Arrays.stream(values()).map(TaskType::id).toList()
                        + ".");
    }
}
