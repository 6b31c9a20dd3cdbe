package org.rlanything.alfworld.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rlanything.alfworld.world.CompiledGoal;
import org.rlanything.alfworld.world.DomainRules;
import org.rlanything.alfworld.world.Flags;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.alfworld.world.Predicate;
import org.rlanything.alfworld.world.StateView;
import org.rlanything.alfworld.world.Verb;

/**
 * Finds a shortest winning command sequence from any state of a game (uniform-cost search over an
 * abstract state).
 *
 * <h2>How it works, and why it is exact</h2>
 *
 * Only the objects the goal is about (the candidates of its object variables), the object in hand
 * and, for sliced goals, the knives can matter: nothing else is ever in the way, since ALFWorld
 * receptacles have no capacity. The abstract state is therefore the agent's location, the held
 * object, for each of those objects the receptacles and locations it is in plus its
 * clean/hot/cool/sliced/toggled flags, and which receptacles are open. Moves:
 *
 * <ul>
 *   <li>go to a location where something useful can happen: a receptacle holding a goal object, a
 *       receptacle the goal's variables allow, an appliance the goal needs (sink, microwave,
 *       fridge), or a place the held object can be put down; a step to anywhere else is never part
 *       of a shortest plan;
 *   <li>take, put, heat, cool, clean, use and slice as the domain allows;
 *   <li>open only together with the take or put it enables (cost 2): opening is useful only for
 *       those, and moving an open to just before them never lengthens a plan; closing never helps.
 * </ul>
 *
 * Costs are 1 or 2, so a bucket queue finds the cheapest plan; the goal is tested with the game's
 * own compiled goal on a view of the abstract state. The search stops after a configurable number
 * of expanded states.
 */
public final class AlfworldPlanner {

    /** The default bound on expanded states. */
    public static final int DEFAULT_MAX_STATES = 2_000_000;

    private final PlanningProblem game;
    private final GameEntities scene;
    private final DomainRules rules;
    private final CompiledGoal goal;
    private final int maxStates;
    private final boolean needHot;
    private final boolean needCool;
    private final boolean needClean;
    private final boolean needSliced;
    private final boolean needToggle;

    public AlfworldPlanner(PlanningProblem game) {
        this(game, DEFAULT_MAX_STATES);
    }

    public AlfworldPlanner(PlanningProblem game, int maxStates) {
        if (maxStates < 1) {
            throw new IllegalArgumentException("maxStates (" + maxStates + ") must be >= 1.");
        }
        this.game = game;
        this.scene = game.scene();
        this.rules = game.rules();
        this.goal = game.goal();
        this.maxStates = maxStates;
        Set<Predicate> used = goal.predicates();
        needHot = used.contains(Predicate.ISHOT);
        needCool = used.contains(Predicate.ISCOOL);
        needClean = used.contains(Predicate.ISCLEAN);
        needSliced = used.contains(Predicate.ISSLICED);
        needToggle = used.contains(Predicate.ISTOGGLED) || used.contains(Predicate.ISON);
    }

    /** A shortest winning plan from {@code state}, or empty when none is found within the bound. */
    public Optional<Plan> plan(GameState state) {
        Search search = new Search(state);
        return search.run(true);
    }

    /** The length of a shortest winning plan from {@code state}, or -1 when none is found. */
    public int distance(GameState state) {
        Search search = new Search(state);
        Optional<Plan> plan = search.run(false);
        return plan.isPresent() ? search.bestCost : -1;
    }

    /** One search from one start state. */
    private final class Search {
        final GameState base;
        final int nO;
        final int nR;
        final int nL;
        final int[] relevant; // k -> object
        final int[] relOf; // object -> k or -1
        final boolean[]
                dropOnly; // k -> an object the goal does not need: once put down it is out of play
        int dropped = -1; // the placement of such an object once put down
        final int[] tracked; // openable receptacles whose open state is tracked
        final int[] trackedOf; // receptacle -> bit or -1
        final int[] gotoTargets; // one receptacle per useful location
        final int wR;
        final int wL;
        final int openWords;
        final List<long[]> placements = new ArrayList<>();
        final Map<LongKey, Integer> placementIds = new HashMap<>();
        final Map<LongKey, Node> nodes = new HashMap<>();
        int bestCost = -1;

        Search(GameState base) {
            this.base = base;
            nO = scene.count(Kind.OBJECT);
            nR = scene.count(Kind.RECEPTACLE);
            nL = scene.count(Kind.LOCATION);
            wR = (nR + 63) >>> 6;
            wL = (nL + 63) >>> 6;

            Set<Integer> rel = new LinkedHashSet<>(goal.objectCandidates());
            if (base.heldObject() >= 0) {
                rel.add(base.heldObject());
            }
            if (needSliced) {
                for (int o = 0; o < nO; o++) {
                    if (rules.slices(scene.objectType(o))) {
                        rel.add(o);
                    }
                }
            }
            relevant = rel.stream().mapToInt(Integer::intValue).sorted().toArray();
            relOf = new int[nO];
            Arrays.fill(relOf, -1);
            dropOnly = new boolean[relevant.length];
            for (int k = 0; k < relevant.length; k++) {
                relOf[relevant[k]] = k;
                dropOnly[k] =
                        !goal.objectCandidates().contains(relevant[k])
                                && !(needSliced && rules.slices(scene.objectType(relevant[k])));
            }

            Set<Integer> useful = new LinkedHashSet<>(goal.restrictedReceptacleCandidates());
            for (int o : relevant) {
                for (int r = 0; r < nR; r++) {
                    if (base.inReceptacle(o, r)) {
                        useful.add(r);
                    }
                }
                if (needSliced && (scene.staticFlags(o) & Flags.SLICEABLE) != 0) {
                    for (int r = 0; r < nR; r++) {
                        if (scene.receptacleLocation(r) >= 0
                                && base.objectAtLocation(o, scene.receptacleLocation(r))) {
                            useful.add(r);
                        }
                    }
                }
            }
            for (int r = 0; r < nR; r++) {
                int t = scene.receptacleType(r);
                if ((needHot && rules.heats(t))
                        || (needCool && rules.cools(t))
                        || (needClean && rules.cleans(t))) {
                    useful.add(r);
                }
            }
            boolean[] usefulLocation = new boolean[nL];
            int[] targetAt = new int[nL];
            Arrays.fill(targetAt, -1);
            for (int r : useful) {
                int l = scene.receptacleLocation(r);
                if (l >= 0) {
                    usefulLocation[l] = true;
                    if (targetAt[l] < 0 || r < targetAt[l]) {
                        targetAt[l] = r;
                    }
                }
            }
            int held = base.heldObject();
            if (held >= 0 && dropOnly[relOf[held]]) {
                // An object in hand that the goal does not need must be put down somewhere. Where
                // does not
                // matter and every step costs the same, so one spot outside the useful ones is
                // enough.
                int spot = -1;
                for (int r = 0; r < nR; r++) {
                    int l = scene.receptacleLocation(r);
                    if (scene.canPut(held, r)
                            && l >= 0
                            && !usefulLocation[l]
                            && l != base.agentLocation()
                            && (spot < 0
                                    || (scene.openable(spot)
                                            && !base.opened(spot)
                                            && (!scene.openable(r) || base.opened(r))))) {
                        spot = r;
                    }
                }
                if (spot >= 0) {
                    usefulLocation[scene.receptacleLocation(spot)] = true;
                    targetAt[scene.receptacleLocation(spot)] = spot;
                }
            }
            List<Integer> targets = new ArrayList<>();
            for (int l = 0; l < nL; l++) {
                if (targetAt[l] >= 0) {
                    targets.add(targetAt[l]);
                }
            }
            gotoTargets = targets.stream().mapToInt(Integer::intValue).toArray();
            trackedOf = new int[nR];
            Arrays.fill(trackedOf, -1);
            List<Integer> trackedList = new ArrayList<>();
            for (int r = 0; r < nR; r++) {
                int l = scene.receptacleLocation(r);
                if (scene.openable(r)
                        && l >= 0
                        && (usefulLocation[l] || l == base.agentLocation())) {
                    trackedOf[r] = trackedList.size();
                    trackedList.add(r);
                }
            }
            tracked = trackedList.stream().mapToInt(Integer::intValue).toArray();
            openWords = Math.max(1, (tracked.length + 63) >>> 6);
        }

        // ---- state layout: [loc | held+1 << 20, open words..., per object: placement << 8 |
        // flags] ----

        long[] initialState() {
            long[] s = new long[1 + openWords + relevant.length];
            int heldK = base.heldObject() >= 0 ? relOf[base.heldObject()] : -1;
            s[0] = base.agentLocation() | ((long) (heldK + 1) << 20);
            for (int i = 0; i < tracked.length; i++) {
                if (base.opened(tracked[i])) {
                    s[1 + (i >>> 6)] |= 1L << i;
                }
            }
            for (int k = 0; k < relevant.length; k++) {
                int o = relevant[k];
                long[] p = new long[wR + wL];
                for (int w = 0; w < wR; w++) {
                    p[w] = base.receptaclesOfWord(o, w);
                }
                for (int w = 0; w < wL; w++) {
                    p[wR + w] = base.locationsOfWord(o, w);
                }
                s[1 + openWords + k] = ((long) placementId(p) << 8) | base.flags(o);
            }
            return s;
        }

        int placementId(long[] p) {
            LongKey key = new LongKey(p);
            Integer id = placementIds.get(key);
            if (id == null) {
                id = placements.size();
                placements.add(p);
                placementIds.put(key, id);
            }
            return id;
        }

        int loc(long[] s) {
            return (int) (s[0] & 0xFFFFF);
        }

        int heldK(long[] s) {
            return (int) (s[0] >>> 20) - 1;
        }

        boolean isOpen(long[] s, int r) {
            int bit = trackedOf[r];
            if (bit < 0) {
                return base.opened(r);
            }
            return (s[1 + (bit >>> 6)] & (1L << bit)) != 0;
        }

        long[] placement(long[] s, int k) {
            return placements.get((int) (s[1 + openWords + k] >>> 8));
        }

        int flags(long[] s, int k) {
            return (int) (s[1 + openWords + k] & 0xFF);
        }

        Optional<Plan> run(boolean withCommands) {
            long[] start = initialState();
            View view = new View();
            view.s = start;
            if (goal.holds(view)) {
                bestCost = 0;
                return Optional.of(new Plan(List.of(), 0));
            }
            List<ArrayDeque<Node>> buckets = new ArrayList<>();
            Node first = new Node(start, 0, null, 0L, 0L);
            nodes.put(new LongKey(start), first);
            push(buckets, first);
            int expanded = 0;
            for (int cost = 0; cost < buckets.size(); cost++) {
                ArrayDeque<Node> bucket = buckets.get(cost);
                while (!bucket.isEmpty()) {
                    Node node = bucket.poll();
                    if (node.cost != cost || node.closed) {
                        continue;
                    }
                    node.closed = true;
                    view.s = node.state;
                    if (goal.holds(view)) {
                        bestCost = cost;
                        return Optional.of(
                                new Plan(withCommands ? commands(node) : List.of(), expanded));
                    }
                    if (++expanded > maxStates) {
                        return Optional.empty();
                    }
                    expand(node, buckets);
                }
            }
            return Optional.empty();
        }

        private void push(List<ArrayDeque<Node>> buckets, Node node) {
            while (buckets.size() <= node.cost) {
                buckets.add(new ArrayDeque<>());
            }
            buckets.get(node.cost).add(node);
        }

        private void offer(
                List<ArrayDeque<Node>> buckets,
                Node parent,
                long[] next,
                int stepCost,
                long code,
                long openCode) {
            LongKey key = new LongKey(next);
            int cost = parent.cost + stepCost;
            Node existing = nodes.get(key);
            if (existing != null && existing.cost <= cost) {
                return;
            }
            Node node = new Node(next, cost, parent, code, openCode);
            nodes.put(key, node);
            push(buckets, node);
        }

        private void expand(Node node, List<ArrayDeque<Node>> buckets) {
            long[] s = node.state;
            int loc = loc(s);
            int held = heldK(s);
            for (int r : gotoTargets) {
                int l = scene.receptacleLocation(r);
                if (l != loc) {
                    long[] next = s.clone();
                    next[0] = (next[0] & ~0xFFFFFL) | l;
                    offer(buckets, node, next, 1, Verb.code(Verb.GOTO, r, 0), 0L);
                }
            }
            int[] here = scene.receptaclesAt(loc);
            for (int r : here) {
                if (needToggle) {
                    toggles(buckets, node, s, r);
                }
                boolean open = !scene.openable(r) || isOpen(s, r);
                long openCode = open ? 0L : Verb.code(Verb.OPEN, r, 0);
                int extra = open ? 0 : 1;
                if (held < 0) {
                    for (int k = 0; k < relevant.length; k++) {
                        int o = relevant[k];
                        long[] p = placement(s, k);
                        if ((scene.staticFlags(o) & Flags.PICKUPABLE) == 0
                                || (p[r >>> 6] & (1L << r)) == 0) {
                            continue;
                        }
                        long[] np = p.clone();
                        np[r >>> 6] &= ~(1L << r);
                        np[wR + (loc >>> 6)] &= ~(1L << loc);
                        long[] next = withOpen(s, r, open);
                        next[0] = loc | ((long) (k + 1) << 20);
                        next[1 + openWords + k] = ((long) placementId(np) << 8) | flags(s, k);
                        offer(buckets, node, next, 1 + extra, Verb.code(Verb.TAKE, o, r), openCode);
                    }
                } else {
                    int o = relevant[held];
                    if (scene.canPut(o, r)) {
                        int put;
                        if (dropOnly[held]) {
                            if (dropped < 0) {
                                dropped = placementId(new long[wR + wL]);
                            }
                            put = dropped;
                        } else {
                            long[] np = placement(s, held).clone();
                            np[r >>> 6] |= 1L << r;
                            np[wR + (loc >>> 6)] |= 1L << loc;
                            put = placementId(np);
                        }
                        long[] next = withOpen(s, r, open);
                        next[0] = loc;
                        next[1 + openWords + held] = ((long) put << 8) | flags(s, held);
                        offer(buckets, node, next, 1 + extra, Verb.code(Verb.PUT, o, r), openCode);
                    }
                    int t = scene.receptacleType(r);
                    int sf = scene.staticFlags(o);
                    int f = flags(s, held);
                    if (needHot
                            && rules.heats(t)
                            && (sf & Flags.HEATABLE) != 0
                            && ((f & Flags.HOT) == 0 || (f & Flags.COOL) != 0)) {
                        changeFlags(
                                buckets,
                                node,
                                s,
                                held,
                                (f | Flags.HOT) & ~Flags.COOL,
                                Verb.code(Verb.HEAT, o, r));
                    }
                    if (needCool
                            && rules.cools(t)
                            && (sf & Flags.COOLABLE) != 0
                            && ((f & Flags.COOL) == 0 || (f & Flags.HOT) != 0)) {
                        changeFlags(
                                buckets,
                                node,
                                s,
                                held,
                                (f | Flags.COOL) & ~Flags.HOT,
                                Verb.code(Verb.COOL, o, r));
                    }
                    if (needClean
                            && rules.cleans(t)
                            && (sf & Flags.CLEANABLE) != 0
                            && (f & Flags.CLEAN) == 0) {
                        changeFlags(
                                buckets,
                                node,
                                s,
                                held,
                                f | Flags.CLEAN,
                                Verb.code(Verb.CLEAN, o, r));
                    }
                }
            }
            if (needSliced && held >= 0 && rules.slices(scene.objectType(relevant[held]))) {
                for (int k = 0; k < relevant.length; k++) {
                    int co = relevant[k];
                    if ((scene.staticFlags(co) & Flags.SLICEABLE) == 0
                            || (flags(s, k) & Flags.SLICED) != 0) {
                        continue;
                    }
                    long[] p = placement(s, k);
                    if ((p[wR + (loc >>> 6)] & (1L << loc)) == 0) {
                        continue;
                    }
                    changeFlags(
                            buckets,
                            node,
                            s,
                            k,
                            flags(s, k) | Flags.SLICED,
                            Verb.code(Verb.SLICE, co, relevant[held]));
                }
            }
        }

        /**
         * Use (toggle) of every goal object standing in receptacle {@code r}; needs no open
         * receptacle.
         */
        private void toggles(List<ArrayDeque<Node>> buckets, Node node, long[] s, int r) {
            for (int k = 0; k < relevant.length; k++) {
                int o = relevant[k];
                if ((scene.staticFlags(o) & Flags.TOGGLEABLE) == 0
                        || (placement(s, k)[r >>> 6] & (1L << r)) == 0) {
                    continue;
                }
                changeFlags(
                        buckets,
                        node,
                        s,
                        k,
                        (flags(s, k) ^ Flags.ON) | Flags.TOGGLED,
                        Verb.code(Verb.USE, o, r));
            }
        }

        private void changeFlags(
                List<ArrayDeque<Node>> buckets,
                Node node,
                long[] s,
                int k,
                int newFlags,
                long code) {
            long[] next = s.clone();
            next[1 + openWords + k] = (next[1 + openWords + k] & ~0xFFL) | newFlags;
            offer(buckets, node, next, 1, code, 0L);
        }

        private long[] withOpen(long[] s, int r, boolean alreadyOpen) {
            long[] next = s.clone();
            if (!alreadyOpen) {
                int bit = trackedOf[r];
                if (bit >= 0) {
                    next[1 + (bit >>> 6)] |= 1L << bit;
                }
            }
            return next;
        }

        private List<String> commands(Node node) {
            List<String> reversed = new ArrayList<>();
            for (Node n = node; n.parent != null; n = n.parent) {
                reversed.add(game.command(n.code));
                if (n.openCode != 0L) {
                    reversed.add(game.command(n.openCode));
                }
            }
            Collections.reverse(reversed);
            return reversed;
        }

        /** The abstract state seen as a game state, for the goal test. */
        private final class View implements StateView {
            long[] s;

            @Override
            public int agentLocation() {
                return loc(s);
            }

            @Override
            public int heldObject() {
                int k = heldK(s);
                return k < 0 ? -1 : relevant[k];
            }

            @Override
            public boolean inReceptacle(int o, int r) {
                int k = relOf[o];
                if (k < 0) {
                    return base.inReceptacle(o, r);
                }
                return (placement(s, k)[r >>> 6] & (1L << r)) != 0;
            }

            @Override
            public boolean notInReceptacle(int o, int r) {
                return base.notInReceptacle(o, r);
            }

            @Override
            public boolean objectAtLocation(int o, int l) {
                int k = relOf[o];
                if (k < 0) {
                    return base.objectAtLocation(o, l);
                }
                return (placement(s, k)[wR + (l >>> 6)] & (1L << l)) != 0;
            }

            @Override
            public boolean opened(int r) {
                return isOpen(s, r);
            }

            @Override
            public int flags(int o) {
                int k = relOf[o];
                return k < 0 ? base.flags(o) : Search.this.flags(s, k);
            }
        }
    }

    private static final class Node {
        final long[] state;
        final int cost;
        final Node parent;
        final long code;
        final long openCode;
        boolean closed;

        Node(long[] state, int cost, Node parent, long code, long openCode) {
            this.state = state;
            this.cost = cost;
            this.parent = parent;
            this.code = code;
            this.openCode = openCode;
        }
    }

    /** A long[] usable as a hash key. */
    private static final class LongKey {
        final long[] values;
        final int hash;

        LongKey(long[] values) {
            this.values = values;
            this.hash = Arrays.hashCode(values);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LongKey && Arrays.equals(values, ((LongKey) o).values);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
