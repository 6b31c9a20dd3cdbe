package org.rlanything.alfworld.gen;

import java.util.OptionalInt;
import org.rlanything.alfworld.GameFile;

/**
 * Answers how few text commands win a game. The generator and the rewriter only keep games for
 * which it finds a plan; the implementation is the engine's planner (see {@code EnginePlanOracle}).
 */
@FunctionalInterface
public interface PlanOracle {

    /**
     * The length of a shortest winning command sequence, or empty when no sequence of at most
     * {@code maxSteps} commands wins the game.
     */
    OptionalInt shortestWin(GameFile game, int maxSteps);
}
