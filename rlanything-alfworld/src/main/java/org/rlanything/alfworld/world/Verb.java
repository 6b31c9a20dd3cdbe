package org.rlanything.alfworld.world;

/**
 * The ALFWorld actions the engine implements, with the PDDL action name and the parameter list the
 * domain must declare (the grammar's templates and feedback refer to these parameter names).
 */
public enum Verb {
    LOOK("look", "a:agent l:location"),
    INVENTORY("inventory", "a:agent"),
    HELP("help", "a:agent"),
    EXAMINE_RECEPTACLE("examinereceptacle", "a:agent r:receptacle"),
    EXAMINE_OBJECT("examineobject", "a:agent o:object"),
    GOTO("gotolocation", "a:agent lstart:location lend:location r:receptacle"),
    OPEN("openobject", "a:agent l:location r:receptacle"),
    CLOSE("closeobject", "a:agent l:location r:receptacle"),
    TAKE("pickupobject", "a:agent l:location o:object r:receptacle"),
    PUT("putobject", "a:agent l:location o:object r:receptacle ot:otype rt:rtype"),
    CLEAN("cleanobject", "a:agent l:location r:receptacle o:object"),
    HEAT("heatobject", "a:agent l:location r:receptacle o:object"),
    COOL("coolobject", "a:agent l:location r:receptacle o:object"),
    USE("toggleobject", "a:agent l:location o:object r:receptacle"),
    SLICE("sliceobject", "a:agent l:location co:object ko:object");

    private static final Verb[] VALUES = values();

    private final String pddlName;
    private final String signature;

    Verb(String pddlName, String signature) {
        this.pddlName = pddlName;
        this.signature = signature;
    }

    /** The lower-case PDDL action name. */
    public String pddlName() {
        return pddlName;
    }

    /** The expected parameters as {@code name:type} pairs separated by blanks. */
    public String signature() {
        return signature;
    }

    /** The verb for a PDDL action name (any case), or {@code null}. */
    public static Verb byPddlName(String name) {
        for (Verb v : VALUES) {
            if (v.pddlName.equalsIgnoreCase(name)) {
                return v;
            }
        }
        return null;
    }

    // ---- compact action codes: verb << 40 | first << 20 | second ----

    /** Encodes a grounded action; unused arguments are 0. */
    public static long code(Verb verb, int first, int second) {
        return ((long) verb.ordinal() << 40) | ((long) first << 20) | second;
    }

    /** The verb of an action code. */
    public static Verb of(long code) {
        return VALUES[(int) (code >>> 40)];
    }

    /** The first argument of an action code (the object or receptacle it is about). */
    public static int first(long code) {
        return (int) ((code >>> 20) & 0xFFFFF);
    }

    /** The second argument of an action code. */
    public static int second(long code) {
        return (int) (code & 0xFFFFF);
    }
}
