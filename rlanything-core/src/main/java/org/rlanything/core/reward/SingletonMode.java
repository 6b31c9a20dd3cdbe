package org.rlanything.core.reward;

/** What to do with a step index that only one trajectory of a task reached (method.md §2, §11). */
public enum SingletonMode {
    /** [Proj] default: the advantage is 0, so the sample is dropped. */
    ZERO,
    /** [R] the reference keeps the raw, unstandardised reward. */
    RAW
}
