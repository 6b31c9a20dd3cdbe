package org.rlanything.pddl.plan;

/**
 * Bounds on one search.
 *
 * @param maxNodes the most states evaluated (each evaluation computes a heuristic, the search's
 *     main cost; on tasks of over 1024 relaxed operators one counts more, see {@link
 *     Relaxation#evaluationCost})
 * @param maxMillis the most wall-clock milliseconds (0: no time bound; training runs use node
 *     bounds only, so that results do not depend on the machine's speed)
 */
public record Limits(long maxNodes, long maxMillis) {
    public Limits {
        if (maxNodes < 1 || maxMillis < 0) {
            throw new org.rlanything.core.BadInputException(
                    "search limits must be positive: " + maxNodes + " nodes, " + maxMillis + " ms");
        }
    }
}
