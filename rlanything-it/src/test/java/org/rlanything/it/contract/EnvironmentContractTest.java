package org.rlanything.it.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.Section;

/**
 * What every environment kind the registry finds promises ({@link Environment}, {@link
 * EnvironmentSession}, {@link TaskCodec}): its original tasks travel through the codec; an episode
 * of the same task and seed replays identically; the admissible commands are distinct and not
 * blank, the ones played are accepted, and {@code done}/{@code won} agree with the step results; an
 * episode played with seeded choices ends, and a step after the end is refused with an {@link
 * IllegalStateException} that says why.
 */
class EnvironmentContractTest {

    /** Steps of a replayed episode (enough to see several results, few enough to stay fast). */
    private static final int REPLAY_STEPS = 6;

    /** The most steps of an episode played to its end with seeded choices. */
    private static final int END_STEPS = 200;

    static Stream<String> kinds() {
        return ContractFixtures.kinds(Section.ENVIRONMENT);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theOriginalTasksTravelThroughTheCodec(String kind) {
        EnvironmentParts parts = ContractFixtures.run(Section.ENVIRONMENT, kind).parts();
        assertFalse(parts.tasks().isEmpty(), kind + " made no tasks");
        assertEquals(kind, parts.kind());
        TaskCodec codec = parts.codec();
        for (Task task : parts.tasks()) {
            String text = codec.encode(task);
            Task back = codec.decode(text);
            assertEquals(task.id(), back.id(), text);
            assertEquals(text, codec.encode(back), "the codec round trip of " + task.id());
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theSameTaskAndSeedReplayTheSameEpisode(String kind) {
        ContractRun run = ContractFixtures.run(Section.ENVIRONMENT, kind);
        Episode first = play(run, 3, REPLAY_STEPS);
        Episode again = play(run, 3, REPLAY_STEPS);
        assertFalse(first.transcript().isEmpty(), kind + " played no step");
        assertEquals(first, again, kind + ": the same task and seed gave another episode");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aStepAfterTheEndIsRefused(String kind) {
        ContractRun run = ContractFixtures.run(Section.ENVIRONMENT, kind);
        List<String> freeText = run.rig().freeText();
        try (EnvironmentSession session = start(run, 5)) {
            Episode episode = Episode.play(session, 5, freeText, END_STEPS);
            assertTrue(episode.ended(), kind + " did not end within " + END_STEPS + " steps");
            List<String> admissible = session.admissibleActions();
            String action =
                    admissible.isEmpty()
                            ? freeText.isEmpty() ? "look" : freeText.get(0)
                            : admissible.get(0);
            IllegalStateException refused =
                    assertThrows(IllegalStateException.class, () -> session.step(action));
            assertTrue(
                    refused.getMessage() != null && !refused.getMessage().isBlank(),
                    kind + " refused a step after the end without saying why");
            assertTrue(session.done(), "the refused step undid the end");
        }
    }

    /** An episode of the rig's first task, started and played with generators of {@code seed}. */
    private static Episode play(ContractRun run, long seed, int steps) {
        try (EnvironmentSession session = start(run, seed)) {
            return Episode.play(session, seed, run.rig().freeText(), steps);
        }
    }

    private static EnvironmentSession start(ContractRun run, long seed) {
        Task task = run.parts().tasks().get(0);
        return run.parts().environment().start(task, new SplittableRandom(seed));
    }
}
