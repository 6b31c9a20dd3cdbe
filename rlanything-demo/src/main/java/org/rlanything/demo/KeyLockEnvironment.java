package org.rlanything.demo;

import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The demo's multi-step environment: doors that open when the button matching their colour is
 * pressed. It has an exact oracle (the right button), so it labels every step GOOD or BAD for the
 * reward model's process accuracy, and it verifies rewritten tasks (the corridor must be openable
 * within the step limit).
 */
public final class KeyLockEnvironment implements Environment {

    /** Door colours, in index order. */
    public static final List<String> COLORS =
            List.of("red", "green", "blue", "yellow", "white", "black");

    /** The buttons, in the order they are listed as admissible commands. */
    public static final List<String> BUTTONS = List.of("press A", "press B", "press C", "press D");

    private final int maxSteps;

    /**
     * @param maxSteps the step limit rollouts use; longer corridors fail verification
     */
    public KeyLockEnvironment(int maxSteps) {
        this.maxSteps = maxSteps;
    }

    /** The hidden rule: the index of the button that opens a door of colour {@code color}. */
    public static int rightButton(int color) {
        return (color * 3 + 1) % BUTTONS.size();
    }

    @Override
    public EnvironmentSession start(Task task, RandomGenerator rng) {
        return new Session((KeyLockTask) task);
    }

    @Override
    public Verification verify(Task task) {
        if (!(task instanceof KeyLockTask)) {
            return Verification.rejected("not a key-lock task: " + task.id());
        }
        int length = ((KeyLockTask) task).length();
        if (length > maxSteps) {
            return Verification.rejected(
                    length + " doors cannot be opened within " + maxSteps + " steps");
        }
        return Verification.ok();
    }

    private static final class Session implements EnvironmentSession {
        private final KeyLockTask task;
        private int position;

        Session(KeyLockTask task) {
            this.task = task;
        }

        @Override
        public String observation() {
            return "Door "
                    + (position + 1)
                    + " of "
                    + task.length()
                    + " is "
                    + COLORS.get(task.color(position))
                    + ".";
        }

        @Override
        public List<String> admissibleActions() {
            return done() ? List.of() : BUTTONS;
        }

        @Override
        public StepResult step(String action) {
            if (done()) {
                throw new IllegalStateException("The corridor is already open.");
            }
            int pressed = BUTTONS.indexOf(action);
            if (pressed != rightButton(task.color(position))) {
                return new StepResult(
                        "Nothing happens. " + observation(), false, false, StepLabel.BAD);
            }
            position++;
            if (done()) {
                return new StepResult(
                        "The last door opens. You are out!", true, true, StepLabel.GOOD);
            }
            return new StepResult("The door opens. " + observation(), false, false, StepLabel.GOOD);
        }

        @Override
        public boolean done() {
            return position >= task.length();
        }

        @Override
        public boolean won() {
            return done();
        }
    }
}
