package org.rlanything.coding.sandbox;

/** How a sandboxed run ended. */
public enum RunStatus {
    /** Exited with status 0 within the limits. */
    OK,
    /** Exited with a non-zero status or was killed by a signal it caused. */
    RUNTIME_ERROR,
    /** Ran past the time limit; the whole process tree was killed. */
    TIME_LIMIT,
    /** Wrote more standard output than allowed; the whole process tree was killed. */
    OUTPUT_LIMIT,
    /** Failed for lack of memory (the interpreter's or the JVM's out-of-memory error). */
    MEMORY_LIMIT,
    /** The Java source did not compile (nothing was run). */
    COMPILE_ERROR,
    /** The sandbox itself could not start the program (a set-up fault, not the program's). */
    SANDBOX_ERROR
}
