package org.rlanything.testkit;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Environment;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/**
 * The contract every environment kind keeps, as JUnit 5 tests for an outside module: extend it in a
 * test class, give the environment, a few of its tasks and its codec (and its rewriter, if it has
 * one), and the same checks run that the shipped kinds pass ({@link EnvironmentChecks}).
 *
 * <pre>{@code
 * class MazeContractTest extends EnvironmentContract {
 *     protected Environment environment() { return new MazeEnvironment(); }
 *     protected List<? extends Task> tasks() { return MazeEnvironment.tasks(7, 8); }
 *     protected TaskCodec codec() { return new MazeEnvironment.Codec(); }
 *     protected Rewriter rewriter() { return new MazeEnvironment.Rewrites(); }
 * }
 * }</pre>
 */
public abstract class EnvironmentContract {

    /** The environment under test. */
    protected abstract Environment environment();

    /** Some of its tasks (the first is played). */
    protected abstract List<? extends Task> tasks();

    /** Its task codec. */
    protected abstract TaskCodec codec();

    /** Its rewriter; {@code null} (the default) skips the rewrite check. */
    protected Rewriter rewriter() {
        return null;
    }

    /** Answers played in turn where the environment offers no admissible commands (free text). */
    protected List<String> freeText() {
        return List.of();
    }

    @Test
    void tasksTravelThroughTheCodec() {
        EnvironmentChecks.codecRoundTrip(codec(), tasks());
    }

    @Test
    void theSameTaskAndSeedReplayTheSameEpisode() {
        EnvironmentChecks.replaysTheSameEpisode(environment(), tasks().get(0), freeText());
    }

    @Test
    void aStepAfterTheEndIsRefused() {
        EnvironmentChecks.refusesAStepAfterTheEnd(environment(), tasks().get(0), freeText());
    }

    @Test
    void theTasksAreValidAndEveryRewriteIsVerified() {
        Rewriter rewriter = rewriter();
        Assumptions.assumeTrue(rewriter != null, "no rewriter given");
        EnvironmentChecks.rewritesAreVerified(environment(), rewriter, tasks());
    }
}
