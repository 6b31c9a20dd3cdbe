package org.rlanything.pddl.env;

import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.plan.PlanResult;
import org.rlanything.pddl.plan.Planner;

/**
 * A task grounded once, with its planner and the plan from its initial state (found on first use).
 * Thread-safe: the planner keeps no state between searches.
 */
public final class CompiledTask {

    private final GroundTask ground;
    private final Planner planner;
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
            initialPlan = planner.solve(ground.init());
        }
        return initialPlan;
    }
}
