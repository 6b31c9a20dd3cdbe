package org.rlanything.alfworld;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.text.Bindings;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;

/**
 * One episode of an ALFWorld game, played by command text as in TextWorld: a command that is not
 * exactly (after trimming) one of the admissible commands changes nothing and prints {@code Nothing
 * happens.}. Every call to {@link #step} counts toward the step limit. With step labels on, each
 * step is labelled {@link StepLabel#GOOD} when it shortens the optimal remaining plan and {@link
 * StepLabel#BAD} otherwise (this runs the planner, about a millisecond a step); with labels off the
 * label is {@link StepLabel#UNKNOWN}. Not thread-safe.
 */
public final class AlfworldSession implements EnvironmentSession {

    /** TextWorld's answer to a command that is not admissible. */
    public static final String NOTHING_HAPPENS = "Nothing happens.";

    private final AlfworldGame game;
    private final int maxSteps;
    private final AlfworldPlanner planner;
    private final GameState state;
    private final Bindings bindings = new Bindings();
    private final StringBuilder text = new StringBuilder(256);
    private final Map<GameState, Integer> distances = new HashMap<>();
    private CommandTable.Admissible admissible;
    private String observation;
    private int steps;
    private boolean won;
    private boolean done;

    AlfworldSession(AlfworldGame game, int maxSteps, boolean labelSteps) {
        if (maxSteps < 1) {
            throw new IllegalArgumentException("maxSteps (" + maxSteps + ") must be >= 1.");
        }
        this.game = game;
        this.maxSteps = maxSteps;
        this.planner = labelSteps ? new AlfworldPlanner(game) : null;
        this.state = game.newState();
        this.observation = game.initialObservation();
        this.won = game.isWon(state);
        this.done = won;
    }

    /** Starts an episode of {@code game} with a step limit and without step labels. */
    public static AlfworldSession start(AlfworldGame game, int maxSteps) {
        return new AlfworldSession(game, maxSteps, false);
    }

    /**
     * Starts an episode of {@code game}; {@code labelSteps} turns on the planner's GOOD/BAD labels.
     */
    public static AlfworldSession start(AlfworldGame game, int maxSteps, boolean labelSteps) {
        return new AlfworldSession(game, maxSteps, labelSteps);
    }

    public AlfworldGame game() {
        return game;
    }

    @Override
    public String observation() {
        return observation;
    }

    @Override
    public List<String> admissibleActions() {
        return current().commands();
    }

    private CommandTable.Admissible current() {
        if (admissible == null) {
            admissible = game.admissibleWithCodes(state);
        }
        return admissible;
    }

    @Override
    public StepResult step(String action) {
        if (done) {
            throw new IllegalStateException(
                    "The episode is over ("
                            + (won ? "won" : "step limit reached")
                            + "); start a new session.");
        }
        String command = action == null ? "" : action.strip();
        CommandTable.Admissible now = current();
        int index = find(now.commands(), command);
        StepLabel label = StepLabel.UNKNOWN;
        if (index < 0) {
            observation = NOTHING_HAPPENS;
            if (planner != null) {
                label = StepLabel.BAD;
            }
        } else {
            int before = planner == null ? 0 : distance(state);
            long code = now.codes()[index];
            int previousLocation = state.agentLocation();
            game.actions().apply(state, code);
            text.setLength(0);
            game.feedback(code, previousLocation, state, bindings, text);
            observation = text.toString();
            admissible = null;
            won = game.isWon(state);
            if (planner != null) {
                int after = won ? 0 : distance(state);
                label =
                        after >= 0 && (before < 0 || after < before)
                                ? StepLabel.GOOD
                                : StepLabel.BAD;
            }
        }
        steps++;
        done = won || steps >= maxSteps;
        return new StepResult(observation, done, won, label);
    }

    private int distance(GameState s) {
        Integer known = distances.get(s);
        if (known != null) {
            return known;
        }
        int d = planner.distance(s);
        distances.put(s.copy(), d);
        return d;
    }

    /** Binary search in the sorted command list. */
    private static int find(List<String> commands, String command) {
        int lo = 0;
        int hi = commands.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = commands.get(mid).compareTo(command);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    @Override
    public boolean done() {
        return done;
    }

    @Override
    public boolean won() {
        return won;
    }

    /** Steps taken so far. */
    public int steps() {
        return steps;
    }

    /** The step limit. */
    public int maxSteps() {
        return maxSteps;
    }

    /** A copy of the current state (for planners and checks). */
    public GameState state() {
        return state.copy();
    }

    /**
     * The length of a shortest winning plan from the current state, or -1 when none is found (runs
     * the planner).
     */
    public int remainingPlanLength() {
        return planner != null ? distance(state) : new AlfworldPlanner(game).distance(state);
    }

    @Override
    public String toString() {
        return "AlfworldSession["
                + game.id()
                + ", step "
                + steps
                + "/"
                + maxSteps
                + (won ? ", won" : "")
                + (done ? ", done" : "")
                + ", "
                + game.goalText()
                + "]";
    }
}
