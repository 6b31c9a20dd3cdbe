package org.rlanything.alfworld.rewrite;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * One way to change an ALFWorld game's difficulty. An operator proposes a changed scene in the
 * requested direction, or declines when it does not apply to this scene (nothing to swap, no closed
 * receptacle, ...). Proposals are unverified: the rewriter checks constraints, winnability and the
 * difficulty direction.
 */
public interface RewriteOperator {

    /** A short name for logs and reports ("target-type", "copies", ...). */
    String name();

    /**
     * A candidate scene moved toward {@code goal}, or empty; {@code rng} is its only randomness.
     */
    Optional<Scene> apply(Scene scene, RewriteGoal goal, RandomGenerator rng);
}
