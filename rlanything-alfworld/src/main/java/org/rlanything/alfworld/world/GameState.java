package org.rlanything.alfworld.world;

import java.util.Arrays;

/**
 * The changing facts of one game: where the agent is, what it holds, which objects are in which
 * receptacles and at which locations, which receptacles are open, and the objects' clean, hot,
 * cool, sliced and toggled flags. Facts are sets, as in PDDL: an object may be in two receptacles
 * at once (ALFWorld scenes have such objects), and taking it from one leaves it in the other.
 * Mutable; not thread-safe. Indices are those of the {@link GameEntities}.
 */
public final class GameState implements StateView {

    private final GameEntities scene;
    private final int wR;
    private final int wL;
    private final int wO;
    private int agentLocation;
    private int held = -1;
    private final long[] inRec;
    private final long[] notInRec;
    private final long[] atLoc;
    private final long[] contents;
    private final long[] opened;
    private final byte[] flags;

    GameState(GameEntities scene) {
        this.scene = scene;
        this.wR = scene.wordsR();
        this.wL = scene.wordsL();
        this.wO = scene.wordsO();
        int nO = scene.count(Kind.OBJECT);
        int nR = scene.count(Kind.RECEPTACLE);
        inRec = new long[nO * wR];
        notInRec = new long[nO * wR];
        atLoc = new long[nO * wL];
        contents = new long[nR * wO];
        opened = new long[wR];
        flags = new byte[nO];
    }

    private GameState(GameState other) {
        scene = other.scene;
        wR = other.wR;
        wL = other.wL;
        wO = other.wO;
        agentLocation = other.agentLocation;
        held = other.held;
        inRec = other.inRec.clone();
        notInRec = other.notInRec.clone();
        atLoc = other.atLoc.clone();
        contents = other.contents.clone();
        opened = other.opened.clone();
        flags = other.flags.clone();
    }

    /** A deep copy. */
    public GameState copy() {
        return new GameState(this);
    }

    /** Makes this state equal to {@code other} (same scene) without allocating. */
    public void copyFrom(GameState other) {
        if (other.scene != scene) {
            throw new IllegalArgumentException("The states belong to different scenes.");
        }
        agentLocation = other.agentLocation;
        held = other.held;
        System.arraycopy(other.inRec, 0, inRec, 0, inRec.length);
        System.arraycopy(other.notInRec, 0, notInRec, 0, notInRec.length);
        System.arraycopy(other.atLoc, 0, atLoc, 0, atLoc.length);
        System.arraycopy(other.contents, 0, contents, 0, contents.length);
        System.arraycopy(other.opened, 0, opened, 0, opened.length);
        System.arraycopy(other.flags, 0, flags, 0, flags.length);
    }

    public GameEntities scene() {
        return scene;
    }

    @Override
    public int agentLocation() {
        return agentLocation;
    }

    @Override
    public int heldObject() {
        return held;
    }

    @Override
    public boolean inReceptacle(int o, int r) {
        return (inRec[o * wR + (r >>> 6)] & (1L << r)) != 0;
    }

    @Override
    public boolean notInReceptacle(int o, int r) {
        return (notInRec[o * wR + (r >>> 6)] & (1L << r)) != 0;
    }

    @Override
    public boolean objectAtLocation(int o, int l) {
        return (atLoc[o * wL + (l >>> 6)] & (1L << l)) != 0;
    }

    @Override
    public boolean opened(int r) {
        return (opened[r >>> 6] & (1L << r)) != 0;
    }

    @Override
    public int flags(int o) {
        return flags[o];
    }

    /** Word {@code w} of the bit set of objects in receptacle {@code r} (bit i = object i). */
    public long contentsWord(int r, int w) {
        return contents[r * wO + w];
    }

    /** Word {@code w} of the bit set of receptacles that hold object {@code o}. */
    public long receptaclesOfWord(int o, int w) {
        return inRec[o * wR + w];
    }

    /** Word {@code w} of the bit set of locations where object {@code o} is. */
    public long locationsOfWord(int o, int w) {
        return atLoc[o * wL + w];
    }

    /** Whether any receptacle holds object {@code o}. */
    public boolean inAnyReceptacle(int o) {
        for (int w = 0; w < wR; w++) {
            if (inRec[o * wR + w] != 0) {
                return true;
            }
        }
        return false;
    }

    // ---- mutators: the effects of the ALFWorld actions ----

    void setAgentLocation(int l) {
        agentLocation = l;
    }

    void setHeld(int o) {
        held = o;
    }

    void setOpened(int r, boolean value) {
        if (value) {
            opened[r >>> 6] |= 1L << r;
        } else {
            opened[r >>> 6] &= ~(1L << r);
        }
    }

    void setInReceptacle(int o, int r, boolean value) {
        if (value) {
            inRec[o * wR + (r >>> 6)] |= 1L << r;
            contents[r * wO + (o >>> 6)] |= 1L << o;
            notInRec[o * wR + (r >>> 6)] &= ~(1L << r);
        } else {
            inRec[o * wR + (r >>> 6)] &= ~(1L << r);
            contents[r * wO + (o >>> 6)] &= ~(1L << o);
            notInRec[o * wR + (r >>> 6)] |= 1L << r;
        }
    }

    void setAtLocation(int o, int l, boolean value) {
        if (value) {
            atLoc[o * wL + (l >>> 6)] |= 1L << l;
        } else {
            atLoc[o * wL + (l >>> 6)] &= ~(1L << l);
        }
    }

    void addFlags(int o, int mask) {
        flags[o] |= (byte) mask;
    }

    void removeFlags(int o, int mask) {
        flags[o] &= (byte) ~mask;
    }

    /** GotoLocation: the agent moves to {@code location}. */
    public void goTo(int location) {
        agentLocation = location;
    }

    /** OpenObject. */
    public void open(int r) {
        setOpened(r, true);
    }

    /** CloseObject. */
    public void close(int r) {
        setOpened(r, false);
    }

    /** PickupObject: {@code o} leaves {@code r} and the agent's location, and is held. */
    public void pickUp(int o, int r) {
        setInReceptacle(o, r, false);
        setAtLocation(o, agentLocation, false);
        held = o;
    }

    /** PutObject: the held {@code o} goes into {@code r} at the agent's location. */
    public void put(int o, int r) {
        setInReceptacle(o, r, true);
        setAtLocation(o, agentLocation, true);
        held = -1;
    }

    /** CleanObject. */
    public void clean(int o) {
        addFlags(o, Flags.CLEAN);
    }

    /** HeatObject: hot, and no longer cool. */
    public void heat(int o) {
        addFlags(o, Flags.HOT);
        removeFlags(o, Flags.COOL);
    }

    /** CoolObject: cool, and no longer hot. */
    public void cool(int o) {
        addFlags(o, Flags.COOL);
        removeFlags(o, Flags.HOT);
    }

    /** ToggleObject: flips isOn and sets isToggled. */
    public void toggle(int o) {
        flags[o] ^= (byte) Flags.ON;
        addFlags(o, Flags.TOGGLED);
    }

    /** SliceObject. */
    public void slice(int o) {
        addFlags(o, Flags.SLICED);
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof GameState)) {
            return false;
        }
        GameState s = (GameState) obj;
        return s.scene == scene
                && s.agentLocation == agentLocation
                && s.held == held
                && Arrays.equals(s.inRec, inRec)
                && Arrays.equals(s.notInRec, notInRec)
                && Arrays.equals(s.atLoc, atLoc)
                && Arrays.equals(s.opened, opened)
                && Arrays.equals(s.flags, flags);
    }

    @Override
    public int hashCode() {
        int h = agentLocation * 31 + held;
        h = h * 31 + Arrays.hashCode(inRec);
        h = h * 31 + Arrays.hashCode(atLoc);
        h = h * 31 + Arrays.hashCode(opened);
        return h * 31 + Arrays.hashCode(flags);
    }
}
