package org.rlanything.alfworld;

import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.core.Environment;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * ALFWorld text games as an {@link Environment}. ALFWorld episodes are deterministic, so the random
 * generator passed to {@link #start} is not used. {@link #verify} accepts a task when the planner
 * wins it within the step limit.
 */
public final class AlfworldEnvironment implements Environment {

    /** The step limit used when none is set. */
    public static final int DEFAULT_MAX_STEPS = 50;

    private final int maxSteps;
    private final boolean labelSteps;

    private AlfworldEnvironment(Builder builder) {
        this.maxSteps = builder.maxSteps;
        this.labelSteps = builder.labelSteps;
    }

    /** An environment with the defaults: 50 steps, no step labels. */
    public static AlfworldEnvironment create() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public int maxSteps() {
        return maxSteps;
    }

    public boolean labelsSteps() {
        return labelSteps;
    }

    @Override
    public AlfworldSession start(Task task, RandomGenerator rng) {
        return new AlfworldSession(game(task), maxSteps, labelSteps);
    }

    /** Starts a session of a game directly. */
    public AlfworldSession start(AlfworldGame game) {
        return new AlfworldSession(Objects.requireNonNull(game, "game"), maxSteps, labelSteps);
    }

    @Override
    public Verification verify(Task task) {
        AlfworldGame game = game(task);
        Optional<Plan> plan = new AlfworldPlanner(game).plan(game.newState());
        if (plan.isEmpty()) {
            return Verification.rejected(
                    "The planner found no winning plan for " + task.id() + ".");
        }
        if (plan.get().length() > maxSteps) {
            return Verification.rejected(
                    "The shortest plan has "
                            + plan.get().length()
                            + " steps, more than the"
                            + " limit of "
                            + maxSteps
                            + ".");
        }
        return new Verification(true, "solvable in " + plan.get().length() + " steps");
    }

    private static AlfworldGame game(Task task) {
        Objects.requireNonNull(task, "task");
        if (!(task instanceof AlfworldTask)) {
            throw new IllegalArgumentException(
                    "The ALFWorld environment plays AlfworldTask tasks, not "
                            + task.getClass().getName()
                            + ".");
        }
        return ((AlfworldTask) task).game();
    }

    /** Settings of an {@link AlfworldEnvironment}. */
    public static final class Builder {
        private int maxSteps = DEFAULT_MAX_STEPS;
        private boolean labelSteps;

        private Builder() {}

        /** The step limit of an episode (default 50). */
        public Builder optMaxSteps(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxSteps (" + value + ") must be >= 1.");
            }
            this.maxSteps = value;
            return this;
        }

        /** Whether steps get the planner's GOOD/BAD labels (default off; costs speed). */
        public Builder optStepLabels(boolean value) {
            this.labelSteps = value;
            return this;
        }

        public AlfworldEnvironment build() {
            return new AlfworldEnvironment(this);
        }
    }
}
