package org.rlanything.alfworld.world;

import java.util.Locale;

/**
 * The ALFWorld predicates the engine evaluates, with their argument kinds. Names are the PDDL names
 * in lower case; {@code not_...} are TextWorld's recorded negative facts, which its grammar may
 * test.
 */
public enum Predicate {
    ATLOCATION(false, Kind.AGENT, Kind.LOCATION),
    RECEPTACLEATLOCATION(true, Kind.RECEPTACLE, Kind.LOCATION),
    OBJECTATLOCATION(false, Kind.OBJECT, Kind.LOCATION),
    OPENABLE(true, Kind.RECEPTACLE),
    OPENED(false, Kind.RECEPTACLE),
    INRECEPTACLE(false, Kind.OBJECT, Kind.RECEPTACLE),
    NOT_INRECEPTACLE(false, Kind.OBJECT, Kind.RECEPTACLE),
    ISRECEPTACLEOBJECT(true, Kind.OBJECT),
    INRECEPTACLEOBJECT(true, Kind.OBJECT, Kind.OBJECT),
    RECEPTACLETYPE(true, Kind.RECEPTACLE, Kind.RECEPTACLE_TYPE),
    CANCONTAIN(true, Kind.RECEPTACLE_TYPE, Kind.OBJECT_TYPE),
    OBJECTTYPE(true, Kind.OBJECT, Kind.OBJECT_TYPE),
    HOLDS(false, Kind.AGENT, Kind.OBJECT),
    HOLDSANY(false, Kind.AGENT),
    ISCLEAN(false, Kind.OBJECT),
    CLEANABLE(true, Kind.OBJECT),
    ISHOT(false, Kind.OBJECT),
    HEATABLE(true, Kind.OBJECT),
    ISCOOL(false, Kind.OBJECT),
    COOLABLE(true, Kind.OBJECT),
    PICKUPABLE(true, Kind.OBJECT),
    MOVEABLE(true, Kind.OBJECT),
    TOGGLEABLE(true, Kind.OBJECT),
    ISON(false, Kind.OBJECT),
    ISTOGGLED(false, Kind.OBJECT),
    NOT_ISTOGGLED(false, Kind.OBJECT),
    SLICEABLE(true, Kind.OBJECT),
    ISSLICED(false, Kind.OBJECT);

    private final boolean isStatic;
    private final Kind[] kinds;

    Predicate(boolean isStatic, Kind... kinds) {
        this.isStatic = isStatic;
        this.kinds = kinds;
    }

    /** Whether no action of the domain changes this predicate. */
    public boolean isStatic() {
        return isStatic;
    }

    public int arity() {
        return kinds.length;
    }

    /** The kind of argument {@code i}. */
    public Kind kind(int i) {
        return kinds[i];
    }

    /** The lower-case PDDL/TextWorld name. */
    public String pddlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The predicate named {@code name} (case-insensitive), or {@code null}. */
    public static Predicate byName(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        for (Predicate p : values()) {
            if (p.name().equals(upper)) {
                return p;
            }
        }
        return null;
    }

    /** Evaluates this predicate on {@code args} (entity indices of the matching kinds). */
    public boolean test(GameEntities scene, StateView state, int a0, int a1) {
        switch (this) {
            case ATLOCATION:
                return state.agentLocation() == a1;
            case RECEPTACLEATLOCATION:
                return scene.receptacleLocation(a0) == a1;
            case OBJECTATLOCATION:
                return state.objectAtLocation(a0, a1);
            case OPENABLE:
                return scene.openable(a0);
            case OPENED:
                return state.opened(a0);
            case INRECEPTACLE:
                return state.inReceptacle(a0, a1);
            case NOT_INRECEPTACLE:
                return state.notInReceptacle(a0, a1);
            case ISRECEPTACLEOBJECT:
                return (scene.staticFlags(a0) & Flags.RECEPTACLE_OBJECT) != 0;
            case INRECEPTACLEOBJECT:
                return scene.inReceptacleObject(a0, a1);
            case RECEPTACLETYPE:
                return scene.receptacleType(a0) == a1;
            case CANCONTAIN:
                return scene.canContain(a0, a1);
            case OBJECTTYPE:
                return scene.objectType(a0) == a1;
            case HOLDS:
                return state.heldObject() == a1;
            case HOLDSANY:
                return state.heldObject() >= 0;
            case ISCLEAN:
                return (state.flags(a0) & Flags.CLEAN) != 0;
            case CLEANABLE:
                return (scene.staticFlags(a0) & Flags.CLEANABLE) != 0;
            case ISHOT:
                return (state.flags(a0) & Flags.HOT) != 0;
            case HEATABLE:
                return (scene.staticFlags(a0) & Flags.HEATABLE) != 0;
            case ISCOOL:
                return (state.flags(a0) & Flags.COOL) != 0;
            case COOLABLE:
                return (scene.staticFlags(a0) & Flags.COOLABLE) != 0;
            case PICKUPABLE:
                return (scene.staticFlags(a0) & Flags.PICKUPABLE) != 0;
            case MOVEABLE:
                return (scene.staticFlags(a0) & Flags.MOVEABLE) != 0;
            case TOGGLEABLE:
                return (scene.staticFlags(a0) & Flags.TOGGLEABLE) != 0;
            case ISON:
                return (state.flags(a0) & Flags.ON) != 0;
            case ISTOGGLED:
                return (state.flags(a0) & Flags.TOGGLED) != 0;
            case NOT_ISTOGGLED:
                // No ALFWorld action deletes isToggled, so TextWorld never records this negative
                // fact.
                return false;
            case SLICEABLE:
                return (scene.staticFlags(a0) & Flags.SLICEABLE) != 0;
            case ISSLICED:
                return (state.flags(a0) & Flags.SLICED) != 0;
            default:
                throw new AssertionError(this);
        }
    }
}
