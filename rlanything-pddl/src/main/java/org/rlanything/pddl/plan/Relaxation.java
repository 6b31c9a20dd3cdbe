package org.rlanything.pddl.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rlanything.pddl.ground.GroundAction;
import org.rlanything.pddl.ground.GroundCondition;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;

/**
 * The delete relaxation of a grounded task and the standard heuristics on it: h_max (admissible,
 * for A*), and h_FF (the size of a relaxed plan read off h_add's best supporters, for greedy
 * search).
 *
 * <h2>How</h2>
 *
 * Each (conditional) effect of an action is one relaxed operator: its preconditions are the facts
 * the action's precondition and the effect's condition require (negative and disjunctive parts are
 * dropped, which only relaxes further), its adds the effect's adds, its cost 1. Fact costs are
 * computed by a Dijkstra-like sweep: an operator fires when its last precondition is settled, at 1
 * + the max (h_max) or the sum (h_add) of its preconditions' costs. A goal fact that is never
 * reached makes the state a dead end (infinite), which is exact: no real plan reaches it either.
 */
public final class Relaxation {

    /** The value of a dead end. */
    public static final int INFINITE = Integer.MAX_VALUE;

    private final int facts;
    private final int[][] pre;
    private final int[][] adds;
    private final int[][] byPre;
    private final int[] goal;
    private final int[] actionOf;

    /** The relaxation of {@code task}. */
    public Relaxation(GroundTask task) {
        this.facts = task.facts().size();
        List<int[]> preList = new ArrayList<>();
        List<int[]> addList = new ArrayList<>();
        List<Integer> actionList = new ArrayList<>();
        for (int ai = 0; ai < task.actions().size(); ai++) {
            GroundAction a = task.actions().get(ai);
            for (GroundAction.Effect e : a.effects()) {
                if (e.adds().length == 0) {
                    continue;
                }
                actionList.add(ai);
                int[] p = concat(a.mandatory(), e.mandatory());
                preList.add(Arrays.stream(p).distinct().sorted().toArray());
                addList.add(e.adds());
            }
        }
        pre = preList.toArray(new int[0][]);
        adds = addList.toArray(new int[0][]);
        actionOf = actionList.stream().mapToInt(Integer::intValue).toArray();
        int[] counts = new int[facts];
        for (int[] p : pre) {
            for (int f : p) {
                counts[f]++;
            }
        }
        byPre = new int[facts][];
        for (int f = 0; f < facts; f++) {
            byPre[f] = new int[counts[f]];
        }
        int[] fill = new int[facts];
        for (int op = 0; op < pre.length; op++) {
            for (int f : pre[op]) {
                byPre[f][fill[f]++] = op;
            }
        }
        goal = Arrays.stream(GroundCondition.mandatory(task.goal())).distinct().toArray();
    }

    /**
     * What one evaluation counts towards a search's bound: 1 per 1024 relaxed operators, at least
     * 1, so that a bound takes about the same time on small and large tasks (and stays a count, the
     * same on every machine).
     */
    public int evaluationCost() {
        return 1 + pre.length / 1024;
    }

    /** h_max of {@code state}, or {@link #INFINITE} for a dead end. */
    public int hMax(State state) {
        Sweep s = sweep(state, true);
        if (s == null) {
            return INFINITE;
        }
        int h = 0;
        for (int g : goal) {
            h = Math.max(h, s.cost[g]);
        }
        return h;
    }

    /** h_FF of {@code state}, or {@link #INFINITE} for a dead end. */
    public int hFF(State state) {
        boolean[] used = relaxedPlan(state);
        if (used == null) {
            return INFINITE;
        }
        int count = 0;
        for (boolean u : used) {
            count += u ? 1 : 0;
        }
        return count;
    }

    /**
     * The actions of h_FF's relaxed plan from {@code state} (ascending indices into the task's
     * actions), or null for a dead end. Those of them that apply in {@code state} are FF's helpful
     * actions (Fast Downward's preferred operators).
     */
    public int[] relaxedPlanActions(State state) {
        boolean[] used = relaxedPlan(state);
        if (used == null) {
            return null;
        }
        java.util.TreeSet<Integer> actions = new java.util.TreeSet<>();
        for (int op = 0; op < used.length; op++) {
            if (used[op]) {
                actions.add(actionOf[op]);
            }
        }
        return actions.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The relaxed operators of the plan read off h_add's best supporters; null for a dead end. */
    private boolean[] relaxedPlan(State state) {
        Sweep s = sweep(state, false);
        if (s == null) {
            return null;
        }
        boolean[] used = new boolean[pre.length];
        boolean[] seen = new boolean[facts];
        int[] stack = new int[facts];
        int top = 0;
        for (int g : goal) {
            if (!seen[g]) {
                seen[g] = true;
                stack[top++] = g;
            }
        }
        while (top > 0) {
            int f = stack[--top];
            int op = s.supporter[f];
            if (op < 0 || used[op]) {
                continue;
            }
            used[op] = true;
            for (int p : pre[op]) {
                if (!seen[p]) {
                    seen[p] = true;
                    stack[top++] = p;
                }
            }
        }
        return used;
    }

    private record Sweep(int[] cost, int[] supporter) {}

    /** Fact costs from {@code state}; null when a goal fact is unreachable. */
    private Sweep sweep(State state, boolean max) {
        int[] cost = new int[facts];
        Arrays.fill(cost, INFINITE);
        int[] supporter = new int[facts];
        Arrays.fill(supporter, -1);
        int[] remaining = new int[pre.length];
        long[] acc = new long[pre.length];
        LongHeap queue = new LongHeap(); // entries: cost << 32 | fact
        for (int f : state.facts()) {
            cost[f] = 0;
            queue.add(f);
        }
        for (int op = 0; op < pre.length; op++) {
            remaining[op] = pre[op].length;
            if (remaining[op] == 0) {
                fire(op, 0, cost, supporter, queue);
            }
        }
        int goalsLeft = 0;
        boolean[] isGoal = new boolean[facts];
        for (int g : goal) {
            isGoal[g] = true;
            goalsLeft++;
        }
        boolean[] settled = new boolean[facts];
        while (!queue.isEmpty() && goalsLeft > 0) {
            long top = queue.poll();
            int f = (int) (top & 0xFFFFFFFFL);
            if (settled[f] || (top >>> 32) > cost[f]) {
                continue;
            }
            settled[f] = true;
            if (isGoal[f]) {
                goalsLeft--;
            }
            for (int op : byPre[f]) {
                acc[op] = max ? Math.max(acc[op], cost[f]) : acc[op] + cost[f];
                if (--remaining[op] == 0) {
                    fire(op, acc[op], cost, supporter, queue);
                }
            }
        }
        return goalsLeft > 0 ? null : new Sweep(cost, supporter);
    }

    private void fire(int op, long base, int[] cost, int[] supporter, LongHeap queue) {
        long c = Math.min(base + 1, INFINITE - 1);
        for (int f : adds[op]) {
            if (c < cost[f]) {
                cost[f] = (int) c;
                supporter[f] = op;
                queue.add((c << 32) | f);
            }
        }
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
