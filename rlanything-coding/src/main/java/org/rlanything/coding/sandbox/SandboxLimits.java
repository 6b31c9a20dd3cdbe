package org.rlanything.coding.sandbox;

import java.time.Duration;

/**
 * Resource limits of one sandboxed run.
 *
 * @param timeLimit wall-clock time for one run; the whole process tree is killed when it passes
 *     (the coding setting's default is 4 s, method.md §7)
 * @param memoryBytes the memory of the whole run: its memory cgroup's limit where the machine lets
 *     the sandbox make one (counting shared mappings and the working folder's files, see {@link
 *     MemoryCgroups}), and the data-segment limit ({@code RLIMIT_DATA}) of every process; Java
 *     programs get half of it as their heap
 * @param processes the number of processes and threads the run may have at once ({@code
 *     RLIMIT_NPROC}, counted per sandbox user, see {@link Sandbox})
 * @param outputBytes bytes of standard output kept; a program writing more is killed
 * @param fileBytes the largest file a program may write in its working folder ({@code
 *     RLIMIT_FSIZE})
 * @param workBytes what a program may write into its working folder in all: the size of the
 *     memory-backed file system ({@code tmpfs}) it is
 */
public record SandboxLimits(
        Duration timeLimit,
        long memoryBytes,
        int processes,
        int outputBytes,
        long fileBytes,
        long workBytes) {

    /** The defaults: 4 s, 512 MiB, 64 processes, 1 MiB of output, 16 MiB files, 64 MiB written. */
    public static final SandboxLimits DEFAULTS =
            new SandboxLimits(Duration.ofSeconds(4), 512L << 20, 64, 1 << 20, 16L << 20, 64L << 20);

    public SandboxLimits {
        if (timeLimit == null || timeLimit.isNegative() || timeLimit.isZero()) {
            throw new org.rlanything.core.BadInputException(
                    "time limit must be > 0, got " + timeLimit);
        }
        if (memoryBytes < (64L << 20)) {
            throw new org.rlanything.core.BadInputException(
                    "memory limit must be at least 64 MiB, got " + memoryBytes + " bytes");
        }
        if (processes < 4) {
            throw new org.rlanything.core.BadInputException(
                    "process limit must be >= 4, got " + processes);
        }
        if (outputBytes < 1 || fileBytes < 1) {
            throw new org.rlanything.core.BadInputException("output and file limits must be > 0");
        }
        if (workBytes < fileBytes) {
            throw new org.rlanything.core.BadInputException(
                    "the working folder's size ("
                            + workBytes
                            + " bytes) must be at least the file limit ("
                            + fileBytes
                            + ")");
        }
    }

    /** These limits with another time limit. */
    public SandboxLimits withTimeLimit(Duration time) {
        return new SandboxLimits(time, memoryBytes, processes, outputBytes, fileBytes, workBytes);
    }

    /** These limits with another memory limit. */
    public SandboxLimits withMemoryBytes(long bytes) {
        return new SandboxLimits(timeLimit, bytes, processes, outputBytes, fileBytes, workBytes);
    }
}
