package org.rlanything.alfworld.world;

/** The PDDL types of the ALFWorld domain: every entity of a game is of exactly one kind. */
public enum Kind {
    AGENT("agent"),
    LOCATION("location"),
    RECEPTACLE("receptacle"),
    OBJECT("object"),
    RECEPTACLE_TYPE("rtype"),
    OBJECT_TYPE("otype");

    private final String pddlName;

    Kind(String pddlName) {
        this.pddlName = pddlName;
    }

    /** The PDDL type name. */
    public String pddlName() {
        return pddlName;
    }

    /** The kind with PDDL type name {@code name}, or {@code null}. */
    public static Kind ofPddl(String name) {
        for (Kind k : values()) {
            if (k.pddlName.equals(name)) {
                return k;
            }
        }
        return null;
    }
}
