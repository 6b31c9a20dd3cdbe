package org.rlanything.pddl.env;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemWriter;
import org.rlanything.pddl.plan.PlanResult;

/**
 * Makes a task harder or easier from the domain itself, with no knowledge of what the domain means:
 * another initial state (a random walk away from the start: harder; a state part-way along the
 * planner's plan: easier) or more or fewer goal facts (a fact of the goal's predicates true in a
 * state a few random steps past a goal state: harder; one goal fact dropped: easier). A candidate
 * is proposed only when the planner's plan for it is longer (harder) or shorter (easier) than the
 * active task's; the loop then verifies it ({@link PddlEnvironment#verify}).
 */
public final class PddlRewriter implements Rewriter {

    /** The rewrite operators. */
    public enum Operator {
        /** Harder: start from a state a few random steps away from the initial one. */
        START_FURTHER,
        /** Harder: one more goal fact. */
        ADD_GOAL,
        /** Easier: start part-way along the planner's plan. */
        START_CLOSER,
        /** Easier: one goal fact fewer. */
        DROP_GOAL
    }

    private static final int MAX_WALK = 4;

    private final PddlEnvironment environment;

    public PddlRewriter(PddlEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        if (!(request.active() instanceof PddlTask active)) {
            return Optional.empty();
        }
        List<Operator> order =
                request.goal() == RewriteGoal.HARDER
                        ? new ArrayList<>(List.of(Operator.START_FURTHER, Operator.ADD_GOAL))
                        : new ArrayList<>(List.of(Operator.START_CLOSER, Operator.DROP_GOAL));
        if (rng.nextBoolean()) {
            java.util.Collections.reverse(order);
        }
        for (Operator op : order) {
            Optional<Task> made = apply(op, active, rng);
            if (made.isPresent()) {
                return made;
            }
        }
        return Optional.empty();
    }

    /** One operator on {@code active}; empty when it does not apply or changes nothing. */
    public Optional<Task> apply(Operator op, PddlTask active, RandomGenerator rng) {
        CompiledTask compiled;
        try {
            compiled = environment.compile(active);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        PlanResult plan = compiled.initialPlan();
        if (!plan.solved()) {
            return Optional.empty();
        }
        GroundTask ground = compiled.ground();
        Problem problem = active.problem();
        Optional<Problem> candidate =
                switch (op) {
                    case START_FURTHER ->
                            Optional.of(
                                    withInit(
                                            problem,
                                            ground,
                                            walk(
                                                    ground,
                                                    ground.init(),
                                                    1 + rng.nextInt(MAX_WALK),
                                                    rng)));
                    case START_CLOSER ->
                            plan.length() < 2
                                    ? Optional.empty()
                                    : Optional.of(
                                            withInit(
                                                    problem,
                                                    ground,
                                                    along(
                                                            ground,
                                                            plan,
                                                            1 + rng.nextInt(plan.length() - 1))));
                    case ADD_GOAL -> addGoal(problem, ground, plan, rng);
                    case DROP_GOAL -> dropGoal(problem, rng);
                };
        if (candidate.isEmpty() || candidate.get().equals(problem)) {
            return Optional.empty();
        }
        String text = ProblemWriter.write(candidate.get());
        String tag = op.name().toLowerCase(Locale.ROOT).replace('_', '-');
        String hash = String.format(Locale.ROOT, "%08x", text.hashCode());
        String base = problem.name().replaceFirst("-[0-9a-f]{8}$", "");
        Problem named =
                candidate
                        .get()
                        .with(base + "-" + hash, candidate.get().init(), candidate.get().goal());
        String root =
                active.id().contains("/")
                        ? active.id().substring(0, active.id().indexOf('/'))
                        : active.id();
        PddlTask task =
                PddlTask.of(
                        root + "/" + tag + "-" + hash,
                        tag + " of " + active.id(),
                        named,
                        environment.domain());
        PlanResult after;
        try {
            after = environment.compile(task).initialPlan();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!after.solved()) {
            return Optional.empty();
        }
        boolean harder = op == Operator.START_FURTHER || op == Operator.ADD_GOAL;
        boolean moved = harder ? after.length() > plan.length() : after.length() < plan.length();
        return moved ? Optional.of(task) : Optional.empty();
    }

    /** The state after {@code steps} random applicable actions from {@code from}. */
    static State walk(GroundTask ground, State from, int steps, RandomGenerator rng) {
        State s = from;
        for (int i = 0; i < steps; i++) {
            int[] actions = ground.applicable(s);
            if (actions.length == 0) {
                break;
            }
            s = ground.actions().get(actions[rng.nextInt(actions.length)]).apply(s);
        }
        return s;
    }

    /** The state after the first {@code steps} actions of {@code plan}. */
    static State along(GroundTask ground, PlanResult plan, int steps) {
        State s = ground.init();
        for (int i = 0; i < steps; i++) {
            s = ground.actions().get(plan.actions().get(i)).apply(s);
        }
        return s;
    }

    /** {@code problem} starting in {@code state} (its static facts kept). */
    static Problem withInit(Problem problem, GroundTask ground, State state) {
        List<Condition.Atom> init = new ArrayList<>(ground.staticFacts());
        for (int id : state.facts()) {
            init.add(ground.facts().get(id));
        }
        return problem.with(problem.name(), init, problem.goal());
    }

    private static Optional<List<Condition.Atom>> goalAtoms(Condition goal) {
        if (goal instanceof Condition.Atom a) {
            return Optional.of(List.of(a));
        }
        if (goal instanceof Condition.And and) {
            List<Condition.Atom> atoms = new ArrayList<>();
            for (Condition c : and.parts()) {
                if (!(c instanceof Condition.Atom a)) {
                    return Optional.empty();
                }
                atoms.add(a);
            }
            return Optional.of(atoms);
        }
        return Optional.empty();
    }

    private static Optional<Problem> addGoal(
            Problem problem, GroundTask ground, PlanResult plan, RandomGenerator rng) {
        Optional<List<Condition.Atom>> atoms = goalAtoms(problem.goal());
        if (atoms.isEmpty()) {
            return Optional.empty();
        }
        State end =
                walk(ground, along(ground, plan, plan.length()), 1 + rng.nextInt(MAX_WALK), rng);
        List<Condition.Atom> options = new ArrayList<>();
        for (int id : end.facts()) {
            Condition.Atom fact = ground.facts().get(id);
            boolean samePredicate =
                    atoms.get().stream().anyMatch(a -> a.predicate().equals(fact.predicate()));
            if (samePredicate && !atoms.get().contains(fact)) {
                options.add(fact);
            }
        }
        if (options.isEmpty()) {
            return Optional.empty();
        }
        List<Condition> goal = new ArrayList<>(atoms.get());
        goal.add(options.get(rng.nextInt(options.size())));
        return Optional.of(problem.with(problem.name(), problem.init(), new Condition.And(goal)));
    }

    private static Optional<Problem> dropGoal(Problem problem, RandomGenerator rng) {
        Optional<List<Condition.Atom>> atoms = goalAtoms(problem.goal());
        if (atoms.isEmpty() || atoms.get().size() < 2) {
            return Optional.empty();
        }
        List<Condition> goal = new ArrayList<>(atoms.get());
        goal.remove(rng.nextInt(goal.size()));
        return Optional.of(problem.with(problem.name(), problem.init(), new Condition.And(goal)));
    }
}
