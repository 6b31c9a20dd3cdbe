package org.rlanything.agent;

import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.AlfworldEnvironment;
import org.rlanything.alfworld.AlfworldSession;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The ALFWorld environment of training and evaluation: an {@link AlfworldEnvironment} whose every
 * step also carries the {@link RestrainedOracle restrained oracle}'s label ({@code
 * StepResult.restrainedLabel}) beside the omniscient planner's ({@code label}, unchanged).
 * Verification is the ALFWorld environment's.
 */
public final class RestrainedLabelEnvironment implements Environment {

    private final AlfworldEnvironment environment;
    private final RestrainedOracle oracle;

    public RestrainedLabelEnvironment(AlfworldEnvironment environment, RestrainedOracle oracle) {
        this.environment = Objects.requireNonNull(environment, "environment");
        this.oracle = Objects.requireNonNull(oracle, "oracle");
    }

    public AlfworldEnvironment alfworld() {
        return environment;
    }

    @Override
    public Session start(Task task, RandomGenerator rng) {
        AlfworldSession session = environment.start(task, rng);
        return new Session(session, oracle.start(session.game(), session.observation()));
    }

    @Override
    public Verification verify(Task task) {
        return environment.verify(task);
    }

    /** An ALFWorld session whose steps the restrained oracle also labels. */
    public static final class Session implements EnvironmentSession {
        private final AlfworldSession session;
        private final RestrainedOracle.Judge judge;

        Session(AlfworldSession session, RestrainedOracle.Judge judge) {
            this.session = session;
            this.judge = judge;
        }

        @Override
        public String observation() {
            return session.observation();
        }

        @Override
        public List<String> admissibleActions() {
            return session.admissibleActions();
        }

        @Override
        public StepResult step(String action) {
            String command = action == null ? "" : action.strip();
            GameState before = session.state();
            List<String> admissible = session.admissibleActions();
            boolean accepted = admissible.contains(command);
            if (accepted) {
                judge.before(before, admissible);
            }
            StepResult result = session.step(action);
            return result.withRestrainedLabel(
                    judge.label(
                            before,
                            command,
                            accepted,
                            session.state(),
                            result.won(),
                            result.observation()));
        }

        /** A copy of the current game state (for checks and demonstrators). */
        public GameState state() {
            return session.state();
        }

        @Override
        public boolean done() {
            return session.done();
        }

        @Override
        public boolean won() {
            return session.won();
        }

        @Override
        public void close() {
            session.close();
        }
    }
}
