package org.rlanything.core;

import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The frozen component that turns a task into a harder or easier candidate. It is sampled up to k
 * times per request; each call may decline (empty) or propose a task, which the loop then verifies
 * with {@link Environment#verify}.
 */
public interface Rewriter {

    /** One rewrite attempt; {@code rng} is its only randomness. */
    Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng);
}
