package org.rlanything.coding;

/** How a problem's tests talk to a program: through standard input and output, or by calls. */
public enum IoKind {
    /** The program reads standard input and writes standard output (APPS stdio, CodeContests). */
    STDIO,
    /**
     * The program defines a function (or class) that the tests call (HumanEval, APPS call-based).
     */
    CALL;

    /** The name printed by {@code coding inspect}: {@code stdio} or {@code call}. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
