package org.rlanything.demo;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;

/**
 * Rewrites a corridor by changing its number of doors, guided by the critic: a task every rollout
 * solved grows by two doors, one some rollouts failed grows by one; an easier task loses one door,
 * or two when no failed rollout even had a step the judge singled out (the failures were spread
 * out, so length itself is the problem). Declines below one door; the environment's verification
 * rejects corridors too long for the step limit.
 */
public final class KeyLockRewriter implements Rewriter {

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        KeyLockTask active = (KeyLockTask) request.active();
        int change;
        if (request.goal() == RewriteGoal.HARDER) {
            change = request.critic().allSucceeded() ? 2 : 1;
        } else {
            boolean pinpointed =
                    request.critic().failures().stream()
                            .anyMatch(failure -> !failure.highRiskSteps().isEmpty());
            change = -(pinpointed ? 1 : 2);
        }
        change +=
                rng.nextInt(2)
                        * Integer.signum(change); // vary by one so that repeated attempts differ
        int length = active.length() + change;
        if (length < 1) {
            return Optional.empty();
        }
        return Optional.of(new KeyLockTask(active.layout(), length));
    }
}
