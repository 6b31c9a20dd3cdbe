package org.rlanything.testkit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/**
 * The checks of the environment contract, one method each, so that {@link EnvironmentContract} (an
 * outside module's test) and the project's own contract suite over every shipped kind run the same
 * code. Each fails with a JUnit assertion that says what was promised and what happened.
 */
public final class EnvironmentChecks {

    /** Steps of a replayed episode (enough to see several results, few enough to stay fast). */
    public static final int REPLAY_STEPS = 6;

    /** The most steps of an episode played to its end with seeded choices. */
    public static final int END_STEPS = 200;

    private EnvironmentChecks() {}

    /** Every task travels through the codec: the same id back, and the same text once more. */
    public static void codecRoundTrip(TaskCodec codec, List<? extends Task> tasks) {
        assertFalse(tasks.isEmpty(), "no tasks to check");
        for (Task task : tasks) {
            String text = codec.encode(task);
            Task back = codec.decode(text);
            assertEquals(task.id(), back.id(), text);
            assertEquals(text, codec.encode(back), "the codec round trip of " + task.id());
        }
    }

    /**
     * The same task and seed replay the same episode (observations, admissible commands, actions,
     * step results), each step checked as {@link Episode#play} does.
     */
    public static void replaysTheSameEpisode(
            Environment environment, Task task, List<String> freeText) {
        Episode first = play(environment, task, 3, freeText, REPLAY_STEPS);
        Episode again = play(environment, task, 3, freeText, REPLAY_STEPS);
        assertFalse(first.transcript().isEmpty(), task.id() + ": no step was played");
        assertEquals(first, again, task.id() + ": the same task and seed gave another episode");
    }

    /**
     * An episode played with seeded choices ends within {@link #END_STEPS} steps, and a step after
     * the end is refused with an {@link IllegalStateException} that says why.
     */
    public static void refusesAStepAfterTheEnd(
            Environment environment, Task task, List<String> freeText) {
        try (EnvironmentSession session = environment.start(task, new SplittableRandom(5))) {
            Episode episode = Episode.play(session, 5, freeText, END_STEPS);
            assertTrue(episode.ended(), task.id() + " did not end within " + END_STEPS + " steps");
            List<String> admissible = session.admissibleActions();
            String action =
                    admissible.isEmpty()
                            ? freeText.isEmpty() ? "look" : freeText.get(0)
                            : admissible.get(0);
            IllegalStateException refused =
                    assertThrows(IllegalStateException.class, () -> session.step(action));
            assertTrue(
                    refused.getMessage() != null && !refused.getMessage().isBlank(),
                    task.id() + ": a step after the end was refused without saying why");
            assertTrue(session.done(), "the refused step undid the end");
        }
    }

    /**
     * The original tasks pass the environment's verification; each rewrite, harder and easier, has
     * a new id and is verified (valid or refused, never an exception).
     */
    public static void rewritesAreVerified(
            Environment environment, Rewriter rewriter, List<? extends Task> tasks) {
        SplittableRandom rng = new SplittableRandom(5);
        for (Task task : tasks) {
            assertTrue(environment.verify(task).valid(), task.id() + " fails its verification");
            for (RewriteGoal goal : RewriteGoal.values()) {
                Optional<Task> rewritten =
                        rewriter.rewrite(
                                new RewriteRequest(
                                        task, task, goal, 0.5, new CriticFeedback(0, List.of())),
                                rng.split());
                assertNotNull(rewritten, "a rewrite returns an Optional, not null");
                rewritten.ifPresent(
                        r -> {
                            assertNotEquals(task.id(), r.id(), "a rewrite has a new id");
                            assertDoesNotThrow(() -> environment.verify(r), r.id());
                        });
            }
        }
    }

    private static Episode play(
            Environment environment, Task task, long seed, List<String> freeText, int steps) {
        try (EnvironmentSession session = environment.start(task, new SplittableRandom(seed))) {
            return Episode.play(session, seed, freeText, steps);
        }
    }
}
