package org.rlanything.pddl.env;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.Step;
import org.rlanything.core.Task;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;
import org.rlanything.pddl.plan.Relaxation;

/**
 * Domain-independent features of a step of any PDDL task, computed from the grounded states: what
 * the {@code linear} policy and judge kinds see of the pddl kind (through its hooks). The same
 * features describe a candidate command (the policy: before = now, after = the state the command
 * leads to; the environment is deterministic) and a judged step (before, command, after).
 *
 * <h2>The features, and why these</h2>
 *
 * <ul>
 *   <li>{@code bias}: 1 (the judge's prior; a constant has no effect on the policy's softmax);
 *   <li>{@code goal_achieved}, {@code goal_deleted}: goal facts the step made true, made false;
 *   <li>{@code goal_reached}: the goal holds after the step;
 *   <li>{@code hff_delta}: h_FF after − h_FF before, clamped to [−3, 3] (3 for a new dead end); the
 *       planner's own relaxed-plan heuristic, the standard domain-independent estimate of the
 *       distance to the goal; {@code hff_down} and {@code hff_up}: its sign, as two indicators;
 *   <li>{@code helpful}: the command's action is in h_FF's relaxed plan from the state before (FF's
 *       helpful actions, Fast Downward's preferred operators: the standard domain-independent hint
 *       of which applicable action a relaxed plan starts with);
 *   <li>{@code dead_end}: h_FF is infinite after the step (no relaxed plan: no plan at all);
 *   <li>{@code undo}: the state after is the one before the previous step (the step undid it);
 *   <li>{@code revisit}: the state after was visited earlier in the episode; {@code visits}: how
 *       often (so that a policy that weighs it down leaves a loop the longer it has gone round);
 *   <li>{@code unchanged}: the state did not change (a command that does not apply).
 * </ul>
 *
 * The change in the number of unsatisfied goal facts is {@code goal_deleted − goal_achieved}, a
 * linear function of two features, so it is not repeated. The states are replayed from the task's
 * initial state and the episode's commands ({@link CompiledTask#apply}), so the features of a step
 * are the same whenever they are computed.
 */
public final class PddlStepFeatures {

    /** The feature names, in order. */
    public static final List<String> NAMES =
            List.of(
                    "bias",
                    "goal_achieved",
                    "goal_deleted",
                    "goal_reached",
                    "hff_delta",
                    "hff_down",
                    "hff_up",
                    "helpful",
                    "dead_end",
                    "undo",
                    "revisit",
                    "visits",
                    "unchanged");

    private static final int CLAMP = 3;

    private final PddlEnvironment environment;

    /** The features of {@code environment}'s tasks. */
    public PddlStepFeatures(PddlEnvironment environment) {
        this.environment = environment;
    }

    /**
     * One row per candidate command after the episode's {@code history} (the steps taken so far).
     */
    public double[][] candidates(Task task, List<Step> history, List<String> commands) {
        CompiledTask compiled = environment.compile(pddl(task));
        List<String> played = commands(history, history.size());
        List<State> visited = visited(compiled, played);
        State now = visited.get(visited.size() - 1);
        double[][] rows = new double[commands.size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = row(compiled, visited, now, commands.get(i));
        }
        return rows;
    }

    /** The features of step {@code index} of an episode whose steps are {@code steps}. */
    public double[] step(Task task, List<Step> steps, int index) {
        CompiledTask compiled = environment.compile(pddl(task));
        List<String> played = commands(steps, index);
        List<State> visited = visited(compiled, played);
        State before = visited.get(visited.size() - 1);
        return row(compiled, visited, before, steps.get(index).action().command());
    }

    private static PddlTask pddl(Task task) {
        if (!(task instanceof PddlTask t)) {
            throw new IllegalArgumentException("not a PDDL task: " + task.id());
        }
        return t;
    }

    private static List<String> commands(List<Step> steps, int count) {
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(steps.get(i).action().command());
        }
        return out;
    }

    /** The states of the episode: the initial one, then after each command. */
    private static List<State> visited(CompiledTask compiled, List<String> played) {
        List<State> states = new ArrayList<>(played.size() + 1);
        State state = compiled.ground().init();
        states.add(state);
        for (String command : played) {
            state = compiled.apply(state, command);
            states.add(state);
        }
        return states;
    }

    private static double[] row(
            CompiledTask compiled, List<State> visited, State before, String command) {
        GroundTask ground = compiled.ground();
        int action = compiled.actionIndex(before, command);
        State after = action < 0 ? before : ground.actions().get(action).apply(before);
        int achieved = 0;
        int deleted = 0;
        for (int g : ground.goalFacts()) {
            boolean was = before.holds(g);
            boolean is = after.holds(g);
            achieved += !was && is ? 1 : 0;
            deleted += was && !is ? 1 : 0;
        }
        int hBefore = compiled.hFF(before);
        int hAfter = compiled.hFF(after);
        double delta;
        if (hAfter == Relaxation.INFINITE) {
            delta = hBefore == Relaxation.INFINITE ? 0 : CLAMP;
        } else if (hBefore == Relaxation.INFINITE) {
            delta = -CLAMP;
        } else {
            delta = Math.max(-CLAMP, Math.min(CLAMP, hAfter - hBefore));
        }
        boolean undo = visited.size() >= 2 && after.equals(visited.get(visited.size() - 2));
        int visits = 0;
        for (State s : visited) {
            visits += s.equals(after) ? 1 : 0;
        }
        return new double[] {
            1,
            achieved,
            deleted,
            ground.isGoal(after) ? 1 : 0,
            delta,
            delta < 0 ? 1 : 0,
            delta > 0 ? 1 : 0,
            compiled.helpful(before, action) ? 1 : 0,
            hAfter == Relaxation.INFINITE ? 1 : 0,
            undo ? 1 : 0,
            visits > 0 ? 1 : 0,
            visits,
            after.equals(before) ? 1 : 0
        };
    }
}
