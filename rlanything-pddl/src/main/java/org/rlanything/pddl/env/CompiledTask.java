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

    /** The most states (and transitions) each memo of a task keeps before it starts afresh. */
    private static final int MAX_REMEMBERED = 20_000;

    private record Transition(State state, String command) {}

    private final Map<Transition, State> transitions = new ConcurrentHashMap<>();
    private final Map<State, Integer> heuristic = new ConcurrentHashMap<>();
    private final Map<State, java.util.BitSet> helpful = new ConcurrentHashMap<>();
    private volatile org.rlanything.pddl.plan.Relaxation relaxation;

    /** The grounded task. */
    public GroundTask ground() {
        return ground;
    }

    /**
     * {@code state} after {@code command}, as an episode plays it (unchanged when no applicable
     * action is named so); remembered, so that replaying an episode step by step is a lookup a
     * step.
     */
    public State apply(State state, String command) {
        Transition key = new Transition(state, command);
        State known = transitions.get(key);
        if (known != null) {
            return known;
        }
        int a = actionIndex(state, command);
        State next = a < 0 ? state : ground.actions().get(a).apply(state);
        if (transitions.size() >= MAX_REMEMBERED) {
            transitions.clear();
        }
        transitions.put(key, next);
        return next;
    }

    /**
     * The index of the applicable action {@code command} names in {@code state} (as an episode
     * reads a command), or -1.
     */
    public int actionIndex(State state, String command) {
        String normal = command.trim().replaceAll("\\s+", " ").toLowerCase(java.util.Locale.ROOT);
        for (int a : ground.applicable(state)) {
            if (ground.actions().get(a).command().equals(normal)) {
                return a;
            }
        }
        return -1;
    }

    /** Whether action {@code a} is in h_FF's relaxed plan from {@code state} (a helpful action). */
    public boolean helpful(State state, int a) {
        java.util.BitSet known = helpful.get(state);
        if (known == null) {
            known = new java.util.BitSet();
            int[] plan = relaxation().relaxedPlanActions(state);
            if (plan != null) {
                for (int p : plan) {
                    known.set(p);
                }
            }
            if (helpful.size() >= MAX_REMEMBERED) {
                helpful.clear();
            }
            helpful.put(state, known);
        }
        return a >= 0 && known.get(a);
    }

    private org.rlanything.pddl.plan.Relaxation relaxation() {
        org.rlanything.pddl.plan.Relaxation r = relaxation;
        if (r == null) {
            r = new org.rlanything.pddl.plan.Relaxation(ground);
            relaxation = r;
        }
        return r;
    }

    /**
     * h_FF of {@code state} ({@link org.rlanything.pddl.plan.Relaxation#INFINITE} for a dead end),
     * remembered.
     */
    public int hFF(State state) {
        Integer known = heuristic.get(state);
        if (known != null) {
            return known;
        }
        int h = relaxation().hFF(state);
        if (heuristic.size() >= MAX_REMEMBERED) {
            heuristic.clear();
        }
        heuristic.put(state, h);
        return h;
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
