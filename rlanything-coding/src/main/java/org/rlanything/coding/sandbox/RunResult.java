package org.rlanything.coding.sandbox;

import java.time.Duration;

/**
 * The result of one sandboxed run.
 *
 * @param status how it ended
 * @param exitCode the exit status ({@code -1} when killed by the sandbox or never started)
 * @param stdout standard output, at most the limit's bytes (decoded as UTF-8)
 * @param stderr the end of standard error, kept for diagnosis (at most 8 KiB)
 * @param elapsed wall-clock time of the run
 */
public record RunResult(
        RunStatus status, int exitCode, String stdout, String stderr, Duration elapsed) {

    /** Whether the program exited normally with status 0. */
    public boolean ok() {
        return status == RunStatus.OK;
    }

    /** This result with another status (a run the kernel killed for memory). */
    RunResult withStatus(RunStatus other) {
        return new RunResult(other, exitCode, stdout, stderr, elapsed);
    }

    /** A result for a program that never ran. */
    static RunResult notRun(RunStatus status, String message) {
        return new RunResult(status, -1, "", message, Duration.ZERO);
    }
}
