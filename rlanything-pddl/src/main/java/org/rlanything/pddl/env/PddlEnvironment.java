package org.rlanything.pddl.env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.Environment;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;
import org.rlanything.pddl.ground.Grounder;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.plan.Limits;
import org.rlanything.pddl.plan.PlanResult;
import org.rlanything.pddl.plan.Planner;
import org.rlanything.pddl.plan.StateSpace;

/**
 * The planning problems of one PDDL domain as an environment: an episode shows what holds and the
 * goal, offers the applicable grounded actions as commands, and is won when the goal holds. The
 * planner labels each step (GOOD when it shortens the remaining plan) and verifies that a rewritten
 * task is solvable within the step limit. Tasks are grounded once and kept (the most recent 512).
 */
public final class PddlEnvironment implements Environment {

    private static final int CACHED_TASKS = 512;

    private static final int CACHED_SPACES = 16;

    /** The default bound on a task's reachable states for exact step labels. */
    public static final int DEFAULT_EXACT_STATES = 100_000;

    private final Domain domain;
    private final int maxSteps;
    private final boolean labelSteps;
    private final Limits optimal;
    private final Limits satisficing;
    private final int exactStates;
    private final Map<Problem, Optional<StateSpace>> spaces = lru(CACHED_SPACES);
    private final Map<Problem, CompiledTask> compiled = lru(CACHED_TASKS);

    /**
     * @param domain the domain
     * @param maxSteps the step limit of an episode (and of a verified task's plan)
     * @param labelSteps whether steps are labelled (a search per step off the known plans)
     * @param optimal the bounds of the planner's A*
     * @param satisficing the bounds of its greedy fallback
     */
    public PddlEnvironment(
            Domain domain, int maxSteps, boolean labelSteps, Limits optimal, Limits satisficing) {
        this(domain, maxSteps, labelSteps, optimal, satisficing, DEFAULT_EXACT_STATES);
    }

    /**
     * As above; a task with at most {@code exactStates} reachable states is labelled from its whole
     * state space (exact, a lookup per step), a larger one by a search per step off the known
     * plans.
     */
    public PddlEnvironment(
            Domain domain,
            int maxSteps,
            boolean labelSteps,
            Limits optimal,
            Limits satisficing,
            int exactStates) {
        this.exactStates = exactStates;
        this.domain = domain;
        this.maxSteps = maxSteps;
        this.labelSteps = labelSteps;
        this.optimal = optimal;
        this.satisficing = satisficing;
    }

    /** The domain. */
    public Domain domain() {
        return domain;
    }

    /** The step limit. */
    public int maxSteps() {
        return maxSteps;
    }

    /** The task grounded, with its planner (grounded on first use). */
    public CompiledTask compile(PddlTask task) {
        CompiledTask known = compiled.get(task.problem());
        if (known != null) {
            return known;
        }
        var ground = Grounder.ground(domain, task.problem());
        CompiledTask made = new CompiledTask(ground, new Planner(ground, optimal, satisficing));
        compiled.put(task.problem(), made);
        return made;
    }

    @Override
    public PddlSession start(Task task, RandomGenerator rng) {
        return startSession(task, maxSteps);
    }

    /** An episode of {@code task} with another step limit (the evaluation's). */
    public PddlSession startSession(Task task, int steps) {
        if (!(task instanceof PddlTask t)) {
            throw new IllegalArgumentException("not a PDDL task: " + task.id());
        }
        CompiledTask c = compile(t);
        StateSpace space = labelSteps ? space(t, c).orElse(null) : null;
        return new PddlSession(domain.name(), t, c, space, steps, labelSteps);
    }

    /**
     * The task's whole state space, if it has at most the bound's states (explored on first use).
     */
    private Optional<StateSpace> space(PddlTask task, CompiledTask c) {
        Optional<StateSpace> known = spaces.get(task.problem());
        if (known != null) {
            return known;
        }
        Optional<StateSpace> made =
                exactStates > 0 ? StateSpace.explore(c.ground(), exactStates) : Optional.empty();
        spaces.put(task.problem(), made);
        return made;
    }

    private static <V> Map<Problem, V> lru(int capacity) {
        return Collections.synchronizedMap(
                new LinkedHashMap<>(16, 0.75f, true) {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected boolean removeEldestEntry(Map.Entry<Problem, V> e) {
                        return size() > capacity;
                    }
                });
    }

    @Override
    public Verification verify(Task task) {
        if (!(task instanceof PddlTask t)) {
            return Verification.rejected("not a PDDL task: " + task.id());
        }
        CompiledTask c;
        try {
            c = compile(t);
        } catch (IllegalArgumentException e) {
            return Verification.rejected(e.getMessage());
        }
        if (c.ground().isGoal(c.ground().init())) {
            return Verification.rejected("the goal already holds initially");
        }
        PlanResult plan = c.initialPlan();
        return switch (plan.status()) {
            case UNSOLVABLE -> Verification.rejected("the planner shows the goal unreachable");
            case LIMIT -> Verification.rejected("the planner found no plan within its bounds");
            case SOLVED ->
                    plan.length() > maxSteps
                            ? Verification.rejected(
                                    "the plan takes "
                                            + plan.length()
                                            + " steps, over the limit of "
                                            + maxSteps)
                            : new Verification(
                                    true,
                                    "plan of "
                                            + plan.length()
                                            + " steps"
                                            + (plan.optimal() ? " (shortest)" : ""));
        };
    }
}
