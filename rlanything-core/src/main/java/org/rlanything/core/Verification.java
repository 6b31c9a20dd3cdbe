package org.rlanything.core;

import java.util.Objects;

/**
 * The result of checking a rewritten task before any rollout is spent on it (method.md §5,
 * "verification before trying").
 *
 * @param valid whether the task is well-formed and shown solvable
 * @param reason why not, or a short note when valid
 */
public record Verification(boolean valid, String reason) {
    public Verification {
        Objects.requireNonNull(reason, "reason");
    }

    public static Verification ok() {
        return new Verification(true, "ok");
    }

    public static Verification rejected(String reason) {
        return new Verification(false, reason);
    }
}
