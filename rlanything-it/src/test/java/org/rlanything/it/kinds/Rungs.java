package org.rlanything.it.kinds;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.Verification;

/**
 * The {@code rungs} environment: its task, sessions, codec and rewriter (one rung more or fewer).
 */
final class Rungs implements Environment {

    /** A ladder of {@code rungs} rungs. */
    record Ladder(String id, int rungs) implements Task {
        @Override
        public String describe() {
            return "climb " + rungs + " rungs";
        }
    }

    private final int maxSteps;

    Rungs(int maxSteps) {
        this.maxSteps = maxSteps;
    }

    @Override
    public EnvironmentSession start(Task task, RandomGenerator rng) {
        int rungs = ((Ladder) task).rungs();
        return new EnvironmentSession() {
            private int height;
            private boolean done;

            @Override
            public String observation() {
                return "at rung " + height + " of " + rungs;
            }

            @Override
            public List<String> admissibleActions() {
                return List.of("up", "rest");
            }

            @Override
            public StepResult step(String action) {
                if (done) {
                    throw new IllegalStateException("The top of the ladder is reached.");
                }
                boolean up = action.equals("up");
                height += up ? 1 : 0;
                done = height == rungs;
                return new StepResult(
                        observation(), done, done, up ? StepLabel.GOOD : StepLabel.BAD);
            }

            @Override
            public boolean done() {
                return done;
            }

            @Override
            public boolean won() {
                return done;
            }
        };
    }

    @Override
    public Verification verify(Task task) {
        int rungs = ((Ladder) task).rungs();
        return rungs >= 1 && rungs <= maxSteps
                ? Verification.ok()
                : Verification.rejected(
                        "a ladder of "
                                + rungs
                                + " rungs cannot be climbed in "
                                + maxSteps
                                + " steps");
    }

    /** Turns ladders into {@code id:rungs} and back. */
    static final class Codec implements TaskCodec {
        @Override
        public String encode(Task task) {
            Ladder ladder = (Ladder) task;
            return ladder.id() + ":" + ladder.rungs();
        }

        @Override
        public Task decode(String text) {
            int colon = text.lastIndexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("Not a ladder: '" + text + "'.");
            }
            return new Ladder(
                    text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        }
    }

    /** One rung more (harder) or fewer (easier). */
    static final class OneRung implements Rewriter {
        @Override
        public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
            Ladder active = (Ladder) request.active();
            int rungs = active.rungs() + (request.goal() == RewriteGoal.HARDER ? 1 : -1);
            return rungs < 1
                    ? Optional.empty()
                    : Optional.of(
                            new Ladder(
                                    active.id()
                                            + (request.goal() == RewriteGoal.HARDER ? "+" : "-"),
                                    rungs));
        }
    }

    /** The hook a rungs environment offers: what the {@code stepper} policy needs of it. */
    interface Climbing extends org.rlanything.core.spi.ModelHooks {}
}
