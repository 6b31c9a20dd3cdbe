package org.rlanything.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * For the kill tests only: with {@code -Drlanything.test.stall_at=NAME[:ITERATION]} the process
 * stops at that named point (writing {@code -Drlanything.test.stall_marker}'s file first) and waits
 * to be killed, so that a test can SIGKILL it exactly there: in the middle of a checkpoint write,
 * or of a resume. Without the property it does nothing. {@code
 * -Drlanything.test.fail_at=NAME[:ITERATION]} instead throws an {@link OutOfMemoryError} there, as
 * a run that does not fit its heap would. {@code -Drlanything.test.pause_at=NAME[:ITERATION]}
 * writes the marker there and waits (at most a minute) until the file {@code
 * -Drlanything.test.pause_until} exists, so that a test can act at that point (prune the checkpoint
 * an evaluation is about to read) and let the process go on.
 */
final class KillPoint {

    private KillPoint() {}

    static void reach(String name, int iteration) {
        String fail = System.getProperty("rlanything.test.fail_at");
        if (fail != null && (fail.equals(name) || fail.equals(name + ":" + iteration))) {
            throw new OutOfMemoryError("simulated at " + fail);
        }
        String pause = System.getProperty("rlanything.test.pause_at");
        if (pause != null && (pause.equals(name) || pause.equals(name + ":" + iteration))) {
            pause(pause);
        }
        String at = System.getProperty("rlanything.test.stall_at");
        if (at == null || !(at.equals(name) || at.equals(name + ":" + iteration))) {
            return;
        }
        try {
            Files.writeString(
                    Path.of(System.getProperty("rlanything.test.stall_marker")),
                    at,
                    StandardCharsets.UTF_8);
            while (true) {
                Thread.sleep(1000);
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("stalled at " + at, e);
        }
    }

    private static void pause(String at) {
        try {
            Files.writeString(
                    Path.of(System.getProperty("rlanything.test.stall_marker")),
                    at,
                    StandardCharsets.UTF_8);
            Path until = Path.of(System.getProperty("rlanything.test.pause_until"));
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!Files.exists(until) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("paused at " + at, e);
        }
    }
}
