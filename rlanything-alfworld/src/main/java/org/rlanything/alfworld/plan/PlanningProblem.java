package org.rlanything.alfworld.plan;

import org.rlanything.alfworld.world.CompiledGoal;
import org.rlanything.alfworld.world.DomainRules;
import org.rlanything.alfworld.world.GameEntities;

/**
 * What the {@link AlfworldPlanner} searches: a compiled game's scene, its domain rules and goal,
 * and the command text of an action code (a plan is read out as commands). {@code AlfworldGame} is
 * one; the planner depends on this contract rather than on the game, so the game's package may use
 * the planner without a package cycle.
 */
public interface PlanningProblem {

    /** The objects, receptacles and locations of the game. */
    GameEntities scene();

    /** The actions the domain allows and their effects. */
    DomainRules rules();

    /** The compiled goal condition. */
    CompiledGoal goal();

    /** The command text of action {@code code}. */
    String command(long code);
}
