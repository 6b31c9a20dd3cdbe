package org.rlanything.pddl.env;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;
import org.rlanything.pddl.plan.PlanResult;
import org.rlanything.pddl.plan.Planner;

/**
 * A task grounded once, with its planner and the plan from its initial state (found on first use).
 * Thread-safe: the planner keeps no state between searches.
 */
public final class CompiledTask {

    private final GroundTask ground;
    private final Planner planner;
    private static final int MAX_SOLVED = 50_000;

    private final Map<State, PlanResult> solved = new ConcurrentHashMap<>();
    private PlanResult initialPlan;

    CompiledTask(GroundTask ground, Planner planner) {
        this.ground = ground;
        this.planner = planner;
    }

    /** The grounded task. */
    public GroundTask ground() {
        return ground;
    }

    /** The planner. */
    public Planner planner() {
        return planner;
    }

    /** The planner's result from the initial state. */
    public synchronized PlanResult initialPlan() {
        if (initialPlan == null) {
            initialPlan = solve(ground.init());
        }
        return initialPlan;
    }

    /**
     * The planner's result from {@code state}, remembered for the episodes of this task (a search
     * is deterministic, so a remembered result is the one a new search would give, whichever
     * episode asked first).
     */
    public PlanResult solve(State state) {
        PlanResult known = solved.get(state);
        if (known != null) {
            return known;
        }
        // where A* stopped at its bounds from the start, it would from nearby states too
        PlanResult start = state.equals(ground.init()) ? null : initialPlan();
        PlanResult result =
                start != null && !start.optimal() && start.solved()
                        ? planner.satisficing(state)
                        : planner.solve(state);
        if (solved.size() >= MAX_SOLVED) {
            solved.clear();
        }
        solved.put(state, result);
        return result;
    }
}
