package org.rlanything.pddl.plan;

import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;

/**
 * Plans in a grounded task: first A* with h_max for a shortest plan within {@code optimal}'s
 * bounds; where that stops at its bounds, weighted A* with h_FF (w = 2: plans near the shortest)
 * within 5 times A*'s node bound (at most {@code satisficing}'s); where that stops too, greedy
 * best-first search with h_FF within the same bounds. A state shown to be a dead end is {@link
 * PlanResult.Status#UNSOLVABLE}.
 */
public final class Planner {

    /**
     * The bounds training uses by default: node bounds only, so results are machine-independent.
     */
    public static final Limits DEFAULT_OPTIMAL = new Limits(20_000, 0);

    /** The default bounds of the fallback greedy search. */
    public static final Limits DEFAULT_SATISFICING = new Limits(200_000, 0);

    private final GroundTask task;
    private final Search search;
    private final Limits optimal;
    private final Limits satisficing;
    private final Limits weightedLimits;

    /** A planner with the default bounds. */
    public Planner(GroundTask task) {
        this(task, DEFAULT_OPTIMAL, DEFAULT_SATISFICING);
    }

    public Planner(GroundTask task, Limits optimal, Limits satisficing) {
        this.task = task;
        this.search = new Search(task, new Relaxation(task));
        this.optimal = optimal;
        this.satisficing = satisficing;
        this.weightedLimits =
                new Limits(
                        Math.min(satisficing.maxNodes(), 5 * optimal.maxNodes()),
                        satisficing.maxMillis());
    }

    /** The grounded task. */
    public GroundTask task() {
        return task;
    }

    /** A plan from {@code state}: a shortest one if A* finishes in bounds. */
    public PlanResult solve(State state) {
        PlanResult first = search.astar(state, optimal);
        if (first.status() != PlanResult.Status.LIMIT) {
            return first;
        }
        return satisficing(state, first.expanded());
    }

    /**
     * A plan from {@code state} without trying A* first (weighted A*, then greedy search): for a
     * task where A* already stopped at its bounds from the start, so that each later search does
     * not spend A*'s bound again.
     */
    public PlanResult satisficing(State state) {
        return satisficing(state, 0);
    }

    private PlanResult satisficing(State state, long spent) {
        PlanResult first =
                new PlanResult(PlanResult.Status.LIMIT, java.util.List.of(), false, spent);
        PlanResult second = search.weighted(state, weightedLimits);
        if (second.status() != PlanResult.Status.LIMIT) {
            return new PlanResult(
                    second.status(), second.actions(), false, first.expanded() + second.expanded());
        }
        PlanResult third = search.greedy(state, satisficing);
        return new PlanResult(
                third.status(),
                third.actions(),
                false,
                first.expanded() + second.expanded() + third.expanded());
    }

    /** A shortest plan from {@code state}, within the optimal search's bounds only. */
    public PlanResult shortest(State state) {
        return search.astar(state, optimal);
    }
}
