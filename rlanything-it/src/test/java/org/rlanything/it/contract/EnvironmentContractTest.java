package org.rlanything.it.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rlanything.core.Environment;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.Section;
import org.rlanything.testkit.EnvironmentChecks;

/**
 * What every environment kind the registry finds promises ({@link Environment}, {@code
 * EnvironmentSession}, {@link TaskCodec}), checked by the test kit's {@link EnvironmentChecks}
 * (which an outside module runs through {@code EnvironmentContract}): its original tasks travel
 * through the codec; an episode of the same task and seed replays identically; the admissible
 * commands are distinct and not blank, the ones played are accepted, and {@code done}/{@code won}
 * agree with the step results; an episode played with seeded choices ends, and a step after the end
 * is refused with an {@link IllegalStateException} that says why.
 */
class EnvironmentContractTest {

    static Stream<String> kinds() {
        return ContractFixtures.kinds(Section.ENVIRONMENT);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theOriginalTasksTravelThroughTheCodec(String kind) {
        EnvironmentParts parts = ContractFixtures.run(Section.ENVIRONMENT, kind).parts();
        assertFalse(parts.tasks().isEmpty(), kind + " made no tasks");
        assertEquals(kind, parts.kind());
        EnvironmentChecks.codecRoundTrip(parts.codec(), parts.tasks());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theSameTaskAndSeedReplayTheSameEpisode(String kind) {
        ContractRun run = ContractFixtures.run(Section.ENVIRONMENT, kind);
        EnvironmentChecks.replaysTheSameEpisode(
                run.parts().environment(), run.parts().tasks().get(0), run.rig().freeText());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aStepAfterTheEndIsRefused(String kind) {
        ContractRun run = ContractFixtures.run(Section.ENVIRONMENT, kind);
        EnvironmentChecks.refusesAStepAfterTheEnd(
                run.parts().environment(), run.parts().tasks().get(0), run.rig().freeText());
    }
}
