package org.rlanything.alfworld.rewrite;

import java.util.Locale;

/**
 * Which rewrites the ALFWorld rewriter makes: {@link #TYPE_SWAP}, the reference's (the default), or
 * {@link #ALL}, this project's earlier scene operators, kept for comparison.
 */
public enum RewriteOperators {
    /** Swap the goal's two type tokens in the slot's original game ({@link TypeSwapRewriter}). */
    TYPE_SWAP,
    /**
     * Edit the slot's active game with every {@link SceneRewriter#standardOperators() scene
     * operator}.
     */
    ALL;

    /** The setting written in a configuration file: {@code type_swap} or {@code all}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value of {@code key} (case-insensitive); fails with the known keys. */
    public static RewriteOperators ofKey(String key) {
        for (RewriteOperators value : values()) {
            if (value.key().equalsIgnoreCase(key.strip())) {
                return value;
            }
        }
        throw new org.rlanything.core.BadInputException(
                "rewrite_operators '" + key + "' is not one of type_swap, all.");
    }
}
