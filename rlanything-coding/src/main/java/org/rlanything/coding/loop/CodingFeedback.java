package org.rlanything.coding.loop;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.rlanything.coding.PassRateBoard;
import org.rlanything.coding.SandboxedTester;
import org.rlanything.coding.UnitTestRound;
import org.rlanything.core.loop.TaskRollouts;

/**
 * {@link UnitTestFeedback} for stdin/stdout problems: a {@link UnitTestRound} runs the programs on
 * the ground-truth and written tests in one sandboxed batch, and the per-test ground-truth pass
 * rates go to the {@link PassRateBoard} the rewriter reads.
 */
public final class CodingFeedback extends UnitTestFeedback {

    private final SandboxedTester tester;
    private final PassRateBoard passRates;

    public CodingFeedback(SandboxedTester tester, PassRateBoard passRates) {
        this.tester = Objects.requireNonNull(tester, "tester");
        this.passRates = Objects.requireNonNull(passRates, "passRates");
    }

    @Override
    protected Round run(
            TaskRollouts rollouts, List<Optional<String>> programs, List<String> writtenTests) {
        UnitTestRound.Result round =
                UnitTestRound.run(
                        CodingEnvironment.problem(rollouts.task()),
                        programs,
                        writtenTests,
                        tester,
                        null);
        passRates.record(rollouts.task().id(), round.groundTruthPassRates());
        return new Round(
                round.groundTruthPassRatio(), round.correct(), round.passed(), round.parsedTests());
    }
}
