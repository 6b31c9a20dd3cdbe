package org.rlanything.coding;

import org.rlanything.coding.sandbox.RunResult;
import org.rlanything.coding.sandbox.RunStatus;

/**
 * Whether a program passed one test, with the run that decided it.
 *
 * @param passed the program passed the test
 * @param run the sandboxed run (a not-run result for an invalid test)
 * @param reason a short reason when it failed: the run's status, {@code wrong answer}, {@code
 *     invalid test}
 */
public record TestOutcome(boolean passed, RunResult run, String reason) {

    /** Decides a planned run from its result. */
    static TestOutcome judge(PlannedRun planned, RunResult run) {
        if (!planned.valid()) {
            return new TestOutcome(false, run, "invalid test");
        }
        if (run.status() != RunStatus.OK) {
            return new TestOutcome(
                    false, run, run.status().name().toLowerCase(java.util.Locale.ROOT));
        }
        if (planned.expectedOutput().isPresent()
                && !OutputComparison.matches(run.stdout(), planned.expectedOutput().get())) {
            return new TestOutcome(false, run, "wrong answer");
        }
        return new TestOutcome(true, run, "");
    }
}
