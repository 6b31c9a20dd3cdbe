package org.rlanything.core;

/**
 * How a backend produced an {@link Action} or a {@link Judgment} (for example the exact prompt and
 * response token ids, or the chosen table cell), so that its update trains on exactly what was
 * produced. Each backend implements it with its own record and reads it back with {@link #as}.
 * Serializable, so that a distributed {@link RolloutEngine} can bring actions back from its workers
 * (a payload's components must be serializable too: arrays, lists, strings, numbers).
 */
public interface Payload extends java.io.Serializable {

    /**
     * {@code payload} as {@code type}; an {@link IllegalArgumentException} naming both types when
     * it is absent or of another backend (a policy asked to train on another backend's actions).
     */
    static <P extends Payload> P as(Payload payload, Class<P> type, String what) {
        if (!type.isInstance(payload)) {
            throw new IllegalArgumentException(
                    "Expected "
                            + what
                            + " with a "
                            + type.getSimpleName()
                            + " payload, got "
                            + (payload == null ? "none" : "a " + payload.getClass().getSimpleName())
                            + ": it was produced by another backend.");
        }
        return type.cast(payload);
    }
}
