package org.rlanything.pddl.env;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;
import org.rlanything.pddl.plan.PlanLengths;
import org.rlanything.pddl.plan.StateSpace;

/**
 * One episode of a {@link PddlTask}: the admissible commands are the applicable grounded actions
 * ({@code pick-up a}); any other text is a step that changes nothing. The episode ends when the
 * goal holds (won) or after the step limit. The whole state is shown, so the oracle restrained to
 * what the agent has seen labels as the omniscient one does.
 */
public final class PddlSession implements EnvironmentSession {

    private final String domainName;
    private final PddlTask task;
    private final GroundTask ground;
    private final PlanLengths oracle;
    private final int maxSteps;
    private final boolean labelSteps;
    private State state;
    private int steps;
    private boolean won;
    private String observation;
    private List<String> admissible;
    private Map<String, Integer> byCommand;

    PddlSession(
            String domainName,
            PddlTask task,
            CompiledTask compiled,
            StateSpace space,
            int maxSteps,
            boolean labelSteps) {
        if (maxSteps < 1) {
            throw new IllegalArgumentException("maxSteps (" + maxSteps + ") must be >= 1.");
        }
        this.domainName = domainName;
        this.task = task;
        this.ground = compiled.ground();
        this.oracle = new PlanLengths(compiled.ground(), compiled::solve, space);
        this.maxSteps = maxSteps;
        this.labelSteps = labelSteps;
        this.state = ground.init();
        this.won = ground.isGoal(state);
        this.observation =
                StateText.observation(domainName, ground, task.problem().goal(), state, true);
        refresh();
    }

    private void refresh() {
        List<String> commands = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        if (!done()) {
            for (int a : ground.applicable(state)) {
                String command = ground.actions().get(a).command();
                if (index.putIfAbsent(command, a) == null) {
                    commands.add(command);
                }
            }
        }
        admissible = Collections.unmodifiableList(commands);
        byCommand = index;
    }

    @Override
    public String observation() {
        return observation;
    }

    @Override
    public List<String> admissibleActions() {
        return admissible;
    }

    @Override
    public StepResult step(String action) {
        if (done()) {
            throw new IllegalStateException(
                    "The episode of "
                            + task.id()
                            + " has ended ("
                            + (won ? "goal reached" : "step limit")
                            + ").");
        }
        String command =
                action == null
                        ? ""
                        : action.trim().replaceAll("\\s+", " ").toLowerCase(java.util.Locale.ROOT);
        Integer a = byCommand.get(command);
        State before = state;
        String feedback;
        if (a == null) {
            feedback = "Nothing happens: \"" + action + "\" is not an applicable action.";
        } else {
            state = ground.actions().get(a).apply(state);
            feedback = "You " + command + ".";
        }
        steps++;
        won = ground.isGoal(state);
        StepLabel label = labelSteps ? oracle.label(before, state) : StepLabel.UNKNOWN;
        observation =
                feedback
                        + (won ? " The goal holds.\n" : "\n")
                        + StateText.observation(
                                domainName, ground, task.problem().goal(), state, false);
        refresh();
        return new StepResult(observation, done(), won, label, label);
    }

    @Override
    public boolean done() {
        return won || steps >= maxSteps;
    }

    @Override
    public boolean won() {
        return won;
    }

    /** Steps taken. */
    public int steps() {
        return steps;
    }

    /** The current state. */
    public State state() {
        return state;
    }

    /**
     * The demonstrator's command here: the first applicable action on a shortest (or best-known)
     * plan; empty at the end or where the planner stopped at its bounds.
     */
    public Optional<String> demonstration() {
        if (done()) {
            return Optional.empty();
        }
        int a = oracle.nextAction(state);
        return a < 0 ? Optional.empty() : Optional.of(ground.actions().get(a).command());
    }

    /** The remaining plan length from here, if the planner found one. */
    public java.util.OptionalInt remainingPlanLength() {
        return oracle.length(state);
    }
}
