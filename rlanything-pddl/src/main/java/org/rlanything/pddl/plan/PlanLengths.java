package org.rlanything.pddl.plan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;
import org.rlanything.core.StepLabel;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;

/**
 * The planner as an oracle of remaining plan lengths: for a state, the length of the shortest plan
 * (or of the best plan known, where A* stops at its bounds) to the goal. It labels steps (GOOD when
 * a step shortens that length, BAD otherwise) and names the demonstrator's next action. Every plan
 * found also gives the lengths of the states along it, so an agent that follows a plan costs no
 * further search. One instance per episode (not shared between threads).
 */
public final class PlanLengths {

    /** The length of a dead end. */
    public static final int DEAD_END = Integer.MAX_VALUE;

    private static final int MAX_CACHED = 100_000;

    private final GroundTask task;
    private final Function<State, PlanResult> solver;
    private final StateSpace space;
    private final Map<State, Integer> lengths = new HashMap<>();

    /** An oracle that plans with {@code planner}. */
    public PlanLengths(Planner planner) {
        this(planner.task(), planner::solve, null);
    }

    /**
     * An oracle of {@code task} that reads exact distances from {@code space} where it holds the
     * state (null: none), and else plans with {@code solver} (a deterministic function of the
     * state, such as a remembering planner).
     */
    public PlanLengths(GroundTask task, Function<State, PlanResult> solver, StateSpace space) {
        this.task = task;
        this.solver = solver;
        this.space = space;
    }

    /**
     * The remaining plan length of {@code state} ({@link #DEAD_END} for a dead end); empty when the
     * planner stopped at its bounds.
     */
    public OptionalInt length(State state) {
        if (space != null) {
            OptionalInt exact = space.distance(state);
            if (exact.isPresent()) {
                return exact;
            }
        }
        Integer known = lengths.get(state);
        if (known != null) {
            return OptionalInt.of(known);
        }
        if (task.isGoal(state)) {
            return OptionalInt.of(0);
        }
        PlanResult result = solver.apply(state);
        if (lengths.size() > MAX_CACHED) {
            lengths.clear();
        }
        switch (result.status()) {
            case UNSOLVABLE:
                lengths.put(state, DEAD_END);
                return OptionalInt.of(DEAD_END);
            case LIMIT:
                return OptionalInt.empty();
            default:
                List<Integer> plan = result.actions();
                State s = state;
                for (int i = 0; i < plan.size(); i++) {
                    lengths.merge(s, plan.size() - i, Math::min);
                    s = task.actions().get(plan.get(i)).apply(s);
                }
                lengths.put(s, 0);
                return OptionalInt.of(lengths.get(state));
        }
    }

    /**
     * The label of the step from {@code before} to {@code after}: GOOD when it shortens the
     * remaining plan length, BAD when not, UNKNOWN when the planner stopped at its bounds.
     */
    public StepLabel label(State before, State after) {
        OptionalInt from = length(before);
        OptionalInt to = length(after);
        if (from.isEmpty() || to.isEmpty()) {
            return StepLabel.UNKNOWN;
        }
        if (to.getAsInt() != DEAD_END && to.getAsInt() + 1 < from.getAsInt()) {
            lengths.put(before, to.getAsInt() + 1); // a better plan than the one known
        }
        return to.getAsInt() < from.getAsInt() ? StepLabel.GOOD : StepLabel.BAD;
    }

    /**
     * The demonstrator's action in {@code state}: the first applicable action (in index order) that
     * leads to a state one step closer to the goal; -1 at the goal, in a dead end, or where the
     * planner stopped at its bounds.
     */
    public int nextAction(State state) {
        OptionalInt here = length(state);
        if (here.isEmpty() || here.getAsInt() == 0 || here.getAsInt() == DEAD_END) {
            return -1;
        }
        int fallback = -1;
        for (int a : task.applicable(state)) {
            State next = task.actions().get(a).apply(state);
            Integer known = lengths.get(next);
            if (space != null && space.distance(next).isPresent()) {
                known = space.distance(next).getAsInt();
            }
            if (known != null && known == here.getAsInt() - 1) {
                return a;
            }
            if (fallback < 0 && known != null && known < here.getAsInt()) {
                fallback = a;
            }
        }
        return fallback;
    }
}
