package org.rlanything.core;

/**
 * Ground-truth quality of a step from an exact oracle of the environment (for ALFWorld: did the
 * step shorten the remaining optimal plan?). Used only to measure the reward model's process
 * accuracy (method.md §9), never for training.
 */
public enum StepLabel {
    GOOD,
    BAD,
    /** The environment has no oracle for this step. */
    UNKNOWN;

    /** The verdict a perfect judge would give, or {@code null} when unknown. */
    public Verdict expectedVerdict() {
        switch (this) {
            case GOOD:
                return Verdict.POSITIVE;
            case BAD:
                return Verdict.NEGATIVE;
            default:
                return null;
        }
    }
}
