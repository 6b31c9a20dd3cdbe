package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

/**
 * One command line tried as a careless or hostile user would (issue 44's probe): run under a
 * deadline (a hang fails the test, and the command is interrupted), with its exit code and output.
 * Whatever the outcome, it is never an internal error (exit 70) and never a stack trace without
 * {@code --debug}.
 */
public final class Probe {

    private Probe() {}

    /**
     * What a command line gave.
     *
     * @param code its exit code
     * @param text its output and errors, stripped
     */
    public record Result(int code, String text) {

        /** Asserts bad input: exit 2, one line, no stack trace; returns the line. */
        public String refused() {
            return oneLine(2);
        }

        /** Asserts a failed run: exit 1, one line, no stack trace; returns the line. */
        public String failed() {
            return oneLine(1);
        }

        private String oneLine(int expected) {
            assertEquals(expected, code, text);
            assertEquals(1, text.lines().count(), "one line: " + text);
            assertFalse(text.isBlank(), "a message");
            return text;
        }
    }

    /**
     * Runs the command line within {@code seconds} and asserts it neither crashed (exit 70, an
     * "internal error") nor printed a stack frame.
     */
    public static Result run(int seconds, String... args) {
        StringWriter out = new StringWriter();
        int code =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(seconds),
                        () ->
                                Main.run(
                                        new PrintWriter(out, true),
                                        new PrintWriter(out, true),
                                        args),
                        () -> "no answer within " + seconds + " s: " + String.join(" ", args));
        String text = out.toString().strip();
        assertNotEquals(70, code, text);
        assertFalse(text.contains("\tat ") || text.contains("internal error"), text);
        assertFalse(text.contains("Exception in thread"), text);
        return new Result(code, text);
    }

    /** {@link #run} and {@link Result#refused}: exit 2 in one line; returns the line. */
    public static String refused(int seconds, String... args) {
        return run(seconds, args).refused();
    }
}
