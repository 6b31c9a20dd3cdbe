package org.rlanything.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The pool's place for one original task (method.md §1): the original, the history of tasks that
 * have been active (the original first, every accepted replacement after it; the last one is
 * active), and at most one pending candidate. Immutable; transitions return a new slot.
 *
 * @param index position in the pool
 * @param history every task that has been active, oldest first; never empty
 * @param pending the candidate awaiting validation, or null
 */
public record Slot(int index, List<Task> history, Candidate pending) {
    public Slot {
        history = List.copyOf(history);
        if (history.isEmpty()) {
            throw new IllegalArgumentException(
                    "A slot's history holds at least its original task.");
        }
        if (pending != null && pending.slot() != index) {
            throw new IllegalArgumentException(
                    "Slot " + index + " cannot hold a candidate of slot " + pending.slot() + ".");
        }
    }

    public static Slot of(int index, Task original) {
        return new Slot(index, List.of(Objects.requireNonNull(original, "original")), null);
    }

    public Task original() {
        return history.get(0);
    }

    public Task active() {
        return history.get(history.size() - 1);
    }

    public Optional<Candidate> pendingCandidate() {
        return Optional.ofNullable(pending);
    }

    /** Number of accepted replacements so far. */
    public int acceptedCount() {
        return history.size() - 1;
    }

    public Slot withPending(Candidate candidate) {
        if (pending != null) {
            throw new IllegalStateException("Slot " + index + " already has a pending candidate.");
        }
        return new Slot(index, history, Objects.requireNonNull(candidate, "candidate"));
    }

    /** The pending candidate becomes the active task; the replaced task stays in the history. */
    public Slot accept() {
        if (pending == null) {
            throw new IllegalStateException(
                    "Slot " + index + " has no pending candidate to accept.");
        }
        List<Task> next = new ArrayList<>(history);
        next.add(pending.task());
        return new Slot(index, next, null);
    }

    /** The pending candidate is deleted; the slot is free again. */
    public Slot reject() {
        if (pending == null) {
            throw new IllegalStateException(
                    "Slot " + index + " has no pending candidate to reject.");
        }
        return new Slot(index, history, null);
    }
}
