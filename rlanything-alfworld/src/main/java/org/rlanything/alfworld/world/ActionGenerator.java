package org.rlanything.alfworld.world;

/**
 * Lists the grounded actions whose preconditions hold in a state, following the ALFWorld domain
 * (the same operators Fast Downward grounds for TextWorld). Operators that change nothing are left
 * out as the translator drops them: going to a receptacle at the agent's own location is never
 * admissible. Output is a list of action codes ({@link Verb#code}); duplicates (the same command
 * through two receptacles) are possible and are merged by the command list.
 */
public final class ActionGenerator {

    private final GameEntities scene;
    private final DomainRules rules;
    private final int nR;
    private final int wO;
    private final int capacity;

    public ActionGenerator(GameEntities scene, DomainRules rules) {
        this.scene = scene;
        this.rules = rules;
        this.nR = scene.count(Kind.RECEPTACLE);
        this.wO = scene.wordsO();
        int maxHere = 0;
        for (int l = 0; l < scene.count(Kind.LOCATION); l++) {
            maxHere = Math.max(maxHere, scene.receptaclesAtShared(l).length);
        }
        int nO = scene.count(Kind.OBJECT);
        this.capacity = 16 + 8 * nR + nO * (3 * maxHere + 2);
    }

    /**
     * Writes the applicable actions of {@code s} into {@code out} and returns how many there are.
     * {@code out} must be large enough ({@link #capacity}).
     */
    public int applicable(GameState s, long[] out) {
        int n = 0;
        int loc = s.agentLocation();
        int held = s.heldObject();
        int[] here = scene.receptaclesAtShared(loc);
        if (rules.has(Verb.LOOK)) {
            out[n++] = Verb.code(Verb.LOOK, 0, 0);
        }
        if (rules.has(Verb.INVENTORY)) {
            out[n++] = Verb.code(Verb.INVENTORY, 0, 0);
        }
        if (rules.has(Verb.HELP)) {
            out[n++] = Verb.code(Verb.HELP, 0, 0);
        }
        if (rules.has(Verb.GOTO)) {
            for (int r = 0; r < nR; r++) {
                int l = scene.receptacleLocation(r);
                if (l >= 0 && l != loc) {
                    out[n++] = Verb.code(Verb.GOTO, r, 0);
                }
            }
        }
        if (held >= 0 && rules.has(Verb.EXAMINE_OBJECT)) {
            out[n++] = Verb.code(Verb.EXAMINE_OBJECT, held, 0);
        }
        int heldFlags = held >= 0 ? scene.staticFlags(held) : 0;
        for (int r : here) {
            boolean openable = scene.openable(r);
            boolean open = !openable || s.opened(r);
            if (rules.has(Verb.EXAMINE_RECEPTACLE)) {
                out[n++] = Verb.code(Verb.EXAMINE_RECEPTACLE, r, 0);
            }
            if (openable && !s.opened(r) && rules.has(Verb.OPEN)) {
                out[n++] = Verb.code(Verb.OPEN, r, 0);
            }
            if (openable && s.opened(r) && rules.has(Verb.CLOSE)) {
                out[n++] = Verb.code(Verb.CLOSE, r, 0);
            }
            n = contentsActions(s, r, open, held, out, n);
            if (held >= 0) {
                n = heldActions(r, open, held, heldFlags, out, n);
            }
        }
        if (held >= 0 && rules.slices(scene.objectType(held)) && rules.has(Verb.SLICE)) {
            int nO = scene.count(Kind.OBJECT);
            for (int co = 0; co < nO; co++) {
                if ((scene.staticFlags(co) & Flags.SLICEABLE) != 0 && s.objectAtLocation(co, loc)) {
                    out[n++] = Verb.code(Verb.SLICE, co, held);
                }
            }
        }
        return n;
    }

    /**
     * Writes the actions on what receptacle {@code r} holds (take, use, examine) from {@code n}.
     */
    private int contentsActions(GameState s, int r, boolean open, int held, long[] out, int n) {
        for (int w = 0; w < wO; w++) {
            long word = s.contentsWord(r, w);
            while (word != 0) {
                int o = (w << 6) + Long.numberOfTrailingZeros(word);
                word &= word - 1;
                int f = scene.staticFlags(o);
                if (open && held < 0 && (f & Flags.PICKUPABLE) != 0 && rules.has(Verb.TAKE)) {
                    out[n++] = Verb.code(Verb.TAKE, o, r);
                }
                if ((f & Flags.TOGGLEABLE) != 0 && rules.has(Verb.USE)) {
                    out[n++] = Verb.code(Verb.USE, o, r);
                }
                if (open && rules.examinesInReceptacles() && rules.has(Verb.EXAMINE_OBJECT)) {
                    out[n++] = Verb.code(Verb.EXAMINE_OBJECT, o, 0);
                }
            }
        }
        return n;
    }

    /**
     * Writes the actions of the held object at receptacle {@code r} (put, clean, heat, cool) from
     * {@code n}.
     */
    private int heldActions(int r, boolean open, int held, int heldFlags, long[] out, int n) {
        int rtype = scene.receptacleType(r);
        if (open && scene.canPut(held, r) && rules.has(Verb.PUT)) {
            out[n++] = Verb.code(Verb.PUT, held, r);
        }
        if ((heldFlags & Flags.CLEANABLE) != 0 && rules.cleans(rtype) && rules.has(Verb.CLEAN)) {
            out[n++] = Verb.code(Verb.CLEAN, held, r);
        }
        if ((heldFlags & Flags.HEATABLE) != 0 && rules.heats(rtype) && rules.has(Verb.HEAT)) {
            out[n++] = Verb.code(Verb.HEAT, held, r);
        }
        if ((heldFlags & Flags.COOLABLE) != 0 && rules.cools(rtype) && rules.has(Verb.COOL)) {
            out[n++] = Verb.code(Verb.COOL, held, r);
        }
        return n;
    }

    /** A buffer size that always suffices for {@link #applicable}. */
    public int capacity() {
        return capacity;
    }

    /** Whether {@code code} is applicable in {@code s} (checks it against {@link #applicable}). */
    public boolean isApplicable(GameState s, long code) {
        long[] buffer = new long[capacity()];
        int n = applicable(s, buffer);
        for (int i = 0; i < n; i++) {
            if (buffer[i] == code) {
                return true;
            }
        }
        return false;
    }

    /** Applies an applicable action's effects to {@code s}. */
    public void apply(GameState s, long code) {
        int a = Verb.first(code);
        int b = Verb.second(code);
        switch (Verb.of(code)) {
            case GOTO:
                s.goTo(scene.receptacleLocation(a));
                break;
            case OPEN:
                s.open(a);
                break;
            case CLOSE:
                s.close(a);
                break;
            case TAKE:
                s.pickUp(a, b);
                break;
            case PUT:
                s.put(a, b);
                break;
            case CLEAN:
                s.clean(a);
                break;
            case HEAT:
                s.heat(a);
                break;
            case COOL:
                s.cool(a);
                break;
            case USE:
                s.toggle(a);
                break;
            case SLICE:
                s.slice(a);
                break;
            default:
                break; // look, inventory, help, examine: only TextWorld's 'checked' bookkeeping
        }
    }
}
