package org.rlanything.alfworld.gen;

/**
 * The {@link PlanOracle} backed by the engine's planner (adapter; the planner lives in the engine
 * package). Placeholder until the engine's planner is merged.
 */
public final class EnginePlanOracle {

    private EnginePlanOracle() {
    }

    /** The engine-backed oracle. */
    public static PlanOracle create() {
        throw new UnsupportedOperationException("The engine's planner is not merged into this branch yet.");
    }
}
