package org.rlanything.alfworld.gen;

/** A property an object instance may have; each is a unary predicate of the ALFRED PDDL domain. */
public enum Capability {
    PICKUPABLE("pickupable"),
    CLEANABLE("cleanable"),
    HEATABLE("heatable"),
    COOLABLE("coolable"),
    SLICEABLE("sliceable"),
    TOGGLEABLE("toggleable"),
    RECEPTACLE_OBJECT("isReceptacleObject");

    private final String predicate;

    Capability(String predicate) {
        this.predicate = predicate;
    }

    /** The PDDL predicate name. */
    public String predicate() {
        return predicate;
    }

    /** The capability for a PDDL predicate name, or null when the name is not a capability. */
    public static Capability ofPredicate(String name) {
        for (Capability capability : values()) {
            if (capability.predicate.equals(name)) {
                return capability;
            }
        }
        return null;
    }
}
