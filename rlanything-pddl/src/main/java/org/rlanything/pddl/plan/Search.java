package org.rlanything.pddl.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;

/**
 * The two searches of the {@link Planner}: A* with h_max (shortest plans; every action costs 1) and
 * greedy best-first search with h_FF (a plan, fast). Ties break by insertion order, so a search is
 * deterministic.
 */
final class Search {

    private final GroundTask task;
    private final Relaxation relaxation;

    Search(GroundTask task, Relaxation relaxation) {
        this.task = task;
        this.relaxation = relaxation;
    }

    /** How a search orders its open states. */
    enum Mode {
        /** f = g + h_max: optimal. */
        ASTAR,
        /** f = g + 2 h_FF. */
        WEIGHTED,
        /** f = h_FF. */
        GREEDY
    }

    /** A* from {@code start}: optimal when solved. */
    PlanResult astar(State start, Limits limits) {
        return run(start, limits, Mode.ASTAR);
    }

    /** Weighted A* (w = 2) with h_FF from {@code start}. */
    PlanResult weighted(State start, Limits limits) {
        return run(start, limits, Mode.WEIGHTED);
    }

    /** Greedy best-first search from {@code start}. */
    PlanResult greedy(State start, Limits limits) {
        return run(start, limits, Mode.GREEDY);
    }

    private PlanResult run(State start, Limits limits, Mode mode) {
        boolean optimal = mode == Mode.ASTAR;
        boolean greedy = mode == Mode.GREEDY;
        long deadline =
                limits.maxMillis() == 0
                        ? Long.MAX_VALUE
                        : System.nanoTime() + limits.maxMillis() * 1_000_000L;
        List<State> states = new ArrayList<>();
        List<int[]> links = new ArrayList<>(); // {parent, action, g}
        Map<State, Integer> index = new HashMap<>();
        // entries: {priority, tie, seq, node}
        PriorityQueue<long[]> open =
                new PriorityQueue<>(
                        (a, b) ->
                                a[0] != b[0]
                                        ? Long.compare(a[0], b[0])
                                        : a[1] != b[1]
                                                ? Long.compare(a[1], b[1])
                                                : Long.compare(a[2], b[2]));
        int h0 = heuristic(start, optimal);
        if (h0 == Relaxation.INFINITE) {
            return new PlanResult(PlanResult.Status.UNSOLVABLE, List.of(), true, 0);
        }
        states.add(start);
        links.add(new int[] {-1, -1, 0});
        index.put(start, 0);
        long seq = 0;
        open.add(new long[] {priority(mode, 0, h0), h0, seq++, 0, 0});
        long expanded = 0;
        while (!open.isEmpty()) {
            long[] entry = open.poll();
            int node = (int) entry[3];
            int g = links.get(node)[2];
            if (!greedy && entry[4] != g) {
                continue; // a stale entry: the node was reached more cheaply since
            }
            State state = states.get(node);
            if (task.isGoal(state)) {
                return new PlanResult(
                        PlanResult.Status.SOLVED, path(links, node), optimal, expanded);
            }
            if (expanded > limits.maxNodes() || System.nanoTime() > deadline) {
                return new PlanResult(PlanResult.Status.LIMIT, List.of(), false, expanded);
            }
            for (int a : task.applicable(state)) {
                State next = task.actions().get(a).apply(state);
                Integer known = index.get(next);
                int ng = g + 1;
                if (known != null && (greedy || links.get(known)[2] <= ng)) {
                    continue;
                }
                int h = heuristic(next, optimal);
                expanded += relaxation.evaluationCost(); // the heuristic is the search's cost
                if (h == Relaxation.INFINITE) {
                    continue; // a dead end
                }
                int child;
                if (known == null) {
                    child = states.size();
                    states.add(next);
                    links.add(new int[] {node, a, ng});
                    index.put(next, child);
                } else {
                    child = known;
                    links.set(child, new int[] {node, a, ng});
                }
                if (greedy && task.isGoal(next)) {
                    return new PlanResult(
                            PlanResult.Status.SOLVED, path(links, child), false, expanded);
                }
                open.add(new long[] {priority(mode, ng, h), h, seq++, child, ng});
            }
        }
        // The reachable states that are no dead ends were all expanded: no plan exists.
        return new PlanResult(PlanResult.Status.UNSOLVABLE, List.of(), true, expanded);
    }

    private static long priority(Mode mode, int g, int h) {
        return switch (mode) {
            case ASTAR -> (long) g + h;
            case WEIGHTED -> (long) g + 2L * h;
            case GREEDY -> h;
        };
    }

    private int heuristic(State state, boolean optimal) {
        return optimal ? relaxation.hMax(state) : relaxation.hFF(state);
    }

    private static List<Integer> path(List<int[]> links, int node) {
        List<Integer> actions = new ArrayList<>();
        for (int n = node; links.get(n)[0] >= 0; n = links.get(n)[0]) {
            actions.add(links.get(n)[1]);
        }
        Collections.reverse(actions);
        return actions;
    }
}
