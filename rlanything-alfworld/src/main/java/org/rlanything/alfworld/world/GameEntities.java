package org.rlanything.alfworld.world;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.Param;
import org.rlanything.pddl.lang.Problem;

/**
 * The entities of one game and the facts about them that never change, indexed for fast play.
 * Entities of each {@link Kind} are numbered 0.. in sorted-id order, which is the order TextWorld
 * lists them in. The initial values of the changing facts are kept too ({@link #initialState()}).
 * Immutable.
 */
public final class GameEntities {

    private final String source;
    private final String[][] ids = new String[Kind.values().length][];
    private final String[][] names = new String[Kind.values().length][];

    private final int[] receptacleLocation;
    private final int[] receptacleType;
    private final boolean[] openable;
    private final int[] objectType;
    private final int[] staticFlags;
    private final boolean[][] canContain;
    private final long[] canPut;
    private final long[] innerObjects;
    private final int[][] receptaclesAt;
    private final int wordsR;
    private final int wordsL;
    private final int wordsO;
    private final GameState initial;

    private GameEntities(String source, Problem problem, Domain domain)
            throws MalformedGameException {
        this.source = source;
        Map<String, int[]> byId = new HashMap<>();
        Map<Kind, List<String>> declared = new HashMap<>();
        for (Kind k : Kind.values()) {
            declared.put(k, new ArrayList<>());
        }
        for (Map.Entry<String, String> e : problem.objects().entrySet()) {
            Kind kind = Kind.ofPddl(e.getValue());
            if (kind == null) {
                throw new MalformedGameException(
                        source,
                        "pddl_problem (:objects ... " + e.getKey() + " - " + e.getValue() + ")",
                        "the type '"
                                + e.getValue()
                                + "' is not one of agent, location, receptacle, object, rtype, otype.");
            }
            declared.get(kind).add(e.getKey());
        }
        for (Kind k : Kind.values()) {
            List<String> sorted = Demangler.sorted(declared.get(k));
            ids[k.ordinal()] = sorted.stream().map(String::intern).toArray(String[]::new);
            for (int i = 0; i < sorted.size(); i++) {
                byId.put(sorted.get(i), new int[] {k.ordinal(), i});
            }
        }
        if (count(Kind.AGENT) != 1) {
            throw new MalformedGameException(
                    source,
                    "pddl_problem (:objects ...)",
                    "it declares "
                            + count(Kind.AGENT)
                            + " agents; an ALFWorld game has exactly one.");
        }
        int nR = count(Kind.RECEPTACLE);
        int nL = count(Kind.LOCATION);
        int nO = count(Kind.OBJECT);
        wordsR = Math.max(1, (nR + 63) >>> 6);
        wordsL = Math.max(1, (nL + 63) >>> 6);
        wordsO = Math.max(1, (nO + 63) >>> 6);
        receptacleLocation = new int[nR];
        Arrays.fill(receptacleLocation, -1);
        receptacleType = new int[nR];
        Arrays.fill(receptacleType, -1);
        openable = new boolean[nR];
        objectType = new int[nO];
        Arrays.fill(objectType, -1);
        staticFlags = new int[nO];
        canContain = new boolean[count(Kind.RECEPTACLE_TYPE)][count(Kind.OBJECT_TYPE)];
        innerObjects = new long[nO * wordsO];
        initial = new GameState(this);

        Set<String> inFacts = new LinkedHashSet<>();
        int agentLocation = -1;
        for (Condition.Atom atom : problem.init()) {
            String element = "pddl_problem (:init " + atom + ")";
            List<Param> parameters = domain.predicates().get(atom.predicate());
            if (parameters == null) {
                throw new MalformedGameException(
                        source,
                        element,
                        "the predicate '" + atom.predicate() + "' is not declared in the domain.");
            }
            int arity = parameters.size();
            if (arity != atom.terms().size()) {
                throw new MalformedGameException(
                        source,
                        element,
                        "the predicate '"
                                + atom.predicate()
                                + "' takes "
                                + arity
                                + " arguments, not "
                                + atom.terms().size()
                                + ".");
            }
            int[] args = new int[atom.terms().size()];
            for (int i = 0; i < args.length; i++) {
                String arg = atom.terms().get(i);
                int[] ref = byId.get(arg);
                if (ref == null) {
                    throw new MalformedGameException(
                            source,
                            element,
                            "the object '" + arg + "' is not declared in (:objects ...).");
                }
                inFacts.add(arg);
                args[i] = ref[1];
            }
            Predicate p = Predicate.byName(atom.predicate());
            if (p == null || p.name().startsWith("NOT_")) {
                continue; // declared but not modelled (checked, full, wasInReceptacle, ...): no
                // effect on play
            }
            for (int i = 0; i < args.length; i++) {
                Kind expected = p.kind(i);
                int actual = byId.get(atom.terms().get(i))[0];
                if (actual != expected.ordinal()) {
                    throw new MalformedGameException(
                            source,
                            element,
                            "the argument '"
                                    + atom.terms().get(i)
                                    + "' is of type "
                                    + Kind.values()[actual].pddlName()
                                    + ", but "
                                    + p.pddlName()
                                    + " expects "
                                    + expected.pddlName()
                                    + " there.");
                }
            }
            int a0 = args.length > 0 ? args[0] : -1;
            int a1 = args.length > 1 ? args[1] : -1;
            switch (p) {
                case ATLOCATION:
                    if (agentLocation >= 0 && agentLocation != a1) {
                        throw new MalformedGameException(
                                source,
                                element,
                                "the agent already starts at "
                                        + ids[Kind.LOCATION.ordinal()][agentLocation]
                                        + ".");
                    }
                    agentLocation = a1;
                    break;
                case RECEPTACLEATLOCATION:
                    if (receptacleLocation[a0] >= 0 && receptacleLocation[a0] != a1) {
                        throw new MalformedGameException(
                                source,
                                element,
                                "the receptacle is already at "
                                        + ids[Kind.LOCATION.ordinal()][receptacleLocation[a0]]
                                        + ".");
                    }
                    receptacleLocation[a0] = a1;
                    break;
                case OBJECTATLOCATION:
                    initial.setAtLocation(a0, a1, true);
                    break;
                case OPENABLE:
                    openable[a0] = true;
                    break;
                case OPENED:
                    initial.setOpened(a0, true);
                    break;
                case INRECEPTACLE:
                    initial.setInReceptacle(a0, a1, true);
                    break;
                case ISRECEPTACLEOBJECT:
                    staticFlags[a0] |= Flags.RECEPTACLE_OBJECT;
                    break;
                case INRECEPTACLEOBJECT:
                    innerObjects[a1 * wordsO + (a0 >>> 6)] |= 1L << a0;
                    break;
                case RECEPTACLETYPE:
                    receptacleType[a0] = a1;
                    break;
                case CANCONTAIN:
                    canContain[a0][a1] = true;
                    break;
                case OBJECTTYPE:
                    objectType[a0] = a1;
                    break;
                case HOLDS:
                    if (initial.heldObject() >= 0 && initial.heldObject() != a1) {
                        throw new MalformedGameException(
                                source,
                                element,
                                "the agent already holds "
                                        + ids[Kind.OBJECT.ordinal()][initial.heldObject()]
                                        + ".");
                    }
                    initial.setHeld(a1);
                    break;
                case HOLDSANY:
                    break;
                case ISCLEAN:
                    initial.addFlags(a0, Flags.CLEAN);
                    break;
                case ISHOT:
                    initial.addFlags(a0, Flags.HOT);
                    break;
                case ISCOOL:
                    initial.addFlags(a0, Flags.COOL);
                    break;
                case ISSLICED:
                    initial.addFlags(a0, Flags.SLICED);
                    break;
                case ISTOGGLED:
                    initial.addFlags(a0, Flags.TOGGLED);
                    break;
                case ISON:
                    initial.addFlags(a0, Flags.ON);
                    break;
                case CLEANABLE:
                    staticFlags[a0] |= Flags.CLEANABLE;
                    break;
                case HEATABLE:
                    staticFlags[a0] |= Flags.HEATABLE;
                    break;
                case COOLABLE:
                    staticFlags[a0] |= Flags.COOLABLE;
                    break;
                case PICKUPABLE:
                    staticFlags[a0] |= Flags.PICKUPABLE;
                    break;
                case MOVEABLE:
                    staticFlags[a0] |= Flags.MOVEABLE;
                    break;
                case TOGGLEABLE:
                    staticFlags[a0] |= Flags.TOGGLEABLE;
                    break;
                case SLICEABLE:
                    staticFlags[a0] |= Flags.SLICEABLE;
                    break;
                default:
                    break;
            }
        }
        if (agentLocation < 0) {
            throw new MalformedGameException(
                    source,
                    "pddl_problem (:init ...)",
                    "it gives the agent no starting location (atLocation).");
        }
        initial.setAgentLocation(agentLocation);

        Map<String, String> display = Demangler.names(inFacts);
        for (Kind k : Kind.values()) {
            String[] kindIds = ids[k.ordinal()];
            String[] kindNames = new String[kindIds.length];
            for (int i = 0; i < kindIds.length; i++) {
                kindNames[i] = display.getOrDefault(kindIds[i], kindIds[i]).intern();
            }
            names[k.ordinal()] = kindNames;
        }

        List<List<Integer>> at = new ArrayList<>();
        for (int l = 0; l < nL; l++) {
            at.add(new ArrayList<>());
        }
        for (int r = 0; r < nR; r++) {
            if (receptacleLocation[r] >= 0) {
                at.get(receptacleLocation[r]).add(r);
            }
        }
        receptaclesAt = new int[nL][];
        for (int l = 0; l < nL; l++) {
            receptaclesAt[l] = at.get(l).stream().mapToInt(Integer::intValue).toArray();
        }
        canPut = new long[nO * wordsR];
        for (int o = 0; o < nO; o++) {
            int ot = objectType[o];
            if (ot < 0) {
                continue;
            }
            for (int r = 0; r < nR; r++) {
                int rt = receptacleType[r];
                if (rt >= 0 && canContain[rt][ot]) {
                    canPut[o * wordsR + (r >>> 6)] |= 1L << r;
                }
            }
        }
    }

    /**
     * Indexes the entities and initial facts of {@code problem}.
     *
     * @param source the game's name for error messages
     * @throws MalformedGameException when an object has an unknown type, a fact names an undeclared
     *     object or predicate or mixes up kinds, or the agent has no single start
     */
    public static GameEntities build(String source, Problem problem, Domain domain)
            throws MalformedGameException {
        return new GameEntities(source, problem, domain);
    }

    /** The game's name, for messages. */
    public String source() {
        return source;
    }

    /** The number of entities of {@code kind}. */
    public int count(Kind kind) {
        return ids[kind.ordinal()].length;
    }

    /** The lower-case PDDL id of an entity. */
    public String id(Kind kind, int index) {
        return ids[kind.ordinal()][index];
    }

    /** The display name ALFWorld prints, e.g. {@code cabinet 3}. */
    public String name(Kind kind, int index) {
        return names[kind.ordinal()][index];
    }

    /** The kind and index of the entity with PDDL id {@code id} (any case), or {@code null}. */
    public int[] lookup(String id) {
        String key = id.toLowerCase(java.util.Locale.ROOT);
        for (Kind k : Kind.values()) {
            int i = Arrays.binarySearch(ids[k.ordinal()], key);
            if (i >= 0) {
                return new int[] {k.ordinal(), i};
            }
        }
        return null;
    }

    /** The index of {@code id} if it is of {@code kind}, else -1. */
    public int indexOf(Kind kind, String id) {
        int i = Arrays.binarySearch(ids[kind.ordinal()], id.toLowerCase(java.util.Locale.ROOT));
        return i >= 0 ? i : -1;
    }

    public int receptacleLocation(int r) {
        return receptacleLocation[r];
    }

    /** The rtype index of a receptacle, or -1. */
    public int receptacleType(int r) {
        return receptacleType[r];
    }

    public boolean openable(int r) {
        return openable[r];
    }

    /** The otype index of an object, or -1. */
    public int objectType(int o) {
        return objectType[o];
    }

    /** The static {@link Flags} of an object. */
    public int staticFlags(int o) {
        return staticFlags[o];
    }

    public boolean canContain(int rtype, int otype) {
        return canContain[rtype][otype];
    }

    /** Whether PutObject's type condition allows object {@code o} in receptacle {@code r}. */
    public boolean canPut(int o, int r) {
        return (canPut[o * wordsR + (r >>> 6)] & (1L << r)) != 0;
    }

    /** Whether {@code inReceptacleObject(inner, outer)} holds. */
    public boolean inReceptacleObject(int inner, int outer) {
        return (innerObjects[outer * wordsO + (inner >>> 6)] & (1L << inner)) != 0;
    }

    /** The receptacles at a location, in index order (shared array: do not modify). */
    int[] receptaclesAtShared(int location) {
        return receptaclesAt[location];
    }

    /** How many receptacles are at a location. */
    public int receptacleCountAt(int location) {
        return receptaclesAt[location].length;
    }

    /** The {@code i}-th receptacle (in index order) at a location. */
    public int receptacleAt(int location, int i) {
        return receptaclesAt[location][i];
    }

    /** The receptacles at a location, in index order. */
    public int[] receptaclesAt(int location) {
        return receptaclesAt[location].clone();
    }

    /** A fresh copy of the initial state. */
    public GameState initialState() {
        return initial.copy();
    }

    int wordsR() {
        return wordsR;
    }

    int wordsL() {
        return wordsL;
    }

    int wordsO() {
        return wordsO;
    }
}
