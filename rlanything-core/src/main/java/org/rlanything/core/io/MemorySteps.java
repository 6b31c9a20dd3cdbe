package org.rlanything.core.io;

import java.io.IOException;

/**
 * Which memory-hungry step the process is in (a model's import, load, update or export) and the
 * memory its plan gave it, so that an out-of-memory error names the step and the figure instead of
 * only the heap. One step at a time per process: the command line runs one command.
 */
public final class MemorySteps {

    private static volatile String step;
    private static volatile long plannedBytes;

    private MemorySteps() {}

    /** Work that may run out of memory. */
    @FunctionalInterface
    public interface Work {
        void run() throws IOException;
    }

    /**
     * Runs {@code work} as {@code name}; the step is forgotten when it ends normally or with a
     * refusal or an I/O failure (which are not out of memory), and kept for the error's report when
     * anything else ends it.
     */
    public static void during(String name, Work work) throws IOException {
        String before = step;
        long planBefore = plannedBytes;
        step = name;
        plannedBytes = 0;
        try {
            work.run();
        } catch (IOException | org.rlanything.core.BadInputException e) {
            step = before;
            plannedBytes = planBefore;
            throw e;
        }
        step = before;
        plannedBytes = planBefore;
    }

    /** Records the memory the plan gives the current step. */
    public static void plan(long bytes) {
        plannedBytes = bytes;
    }

    /**
     * The step an error happened in, as "STEP (planned about X GiB)", or null when no step ran or
     * the last one ended.
     */
    public static String describe() {
        String s = step;
        if (s == null) {
            return null;
        }
        long p = plannedBytes;
        return p > 0 ? s + " (its plan: about " + gib(p) + " GiB)" : s;
    }

    /** Bytes as GiB with one decimal. */
    public static String gib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f", bytes / (double) (1L << 30));
    }
}
