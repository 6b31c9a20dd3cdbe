package org.rlanything.alfworld.gen;

import java.util.Optional;
import java.util.OptionalInt;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.alfworld.world.MalformedGameException;

/**
 * The {@link PlanOracle} backed by the engine: compiles the game with the engine's loader and asks
 * the engine's {@link AlfworldPlanner} for a shortest winning plan from the start state. A game the
 * engine cannot compile is a generator or rewriter bug, so it fails loudly instead of counting as
 * unwinnable.
 */
public final class EnginePlanOracle implements PlanOracle {

    private final int maxStates;

    private EnginePlanOracle(int maxStates) {
        this.maxStates = maxStates;
    }

    /** The oracle with the planner's default search bound. */
    public static EnginePlanOracle create() {
        return new EnginePlanOracle(AlfworldPlanner.DEFAULT_MAX_STATES);
    }

    /** The oracle with a bound on expanded planner states. */
    public static EnginePlanOracle withMaxStates(int maxStates) {
        return new EnginePlanOracle(maxStates);
    }

    @Override
    public OptionalInt shortestWin(GameFile file, int maxSteps) {
        return shortestWin(compile(file), maxSteps);
    }

    /**
     * As {@link #shortestWin(GameFile, int)} for a game already compiled (a caller that keeps the
     * game it asked about compiles it once).
     */
    public OptionalInt shortestWin(AlfworldGame game, int maxSteps) {
        Optional<Plan> plan = new AlfworldPlanner(game, maxStates).plan(game.newState());
        return plan.isPresent() && plan.get().length() <= maxSteps
                ? OptionalInt.of(plan.get().length())
                : OptionalInt.empty();
    }

    /** The engine's compilation of {@code file}; one it cannot compile is a bug, thrown. */
    public static AlfworldGame compile(GameFile file) {
        try {
            return AlfworldGame.compile(file);
        } catch (MalformedGameException e) {
            throw new IllegalStateException(
                    "The engine cannot load the game " + file.source() + ": " + e.getMessage(), e);
        }
    }
}
