package org.rlanything.it.kinds;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.rlanything.core.Environment;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.spi.RolloutEngineProvider;

/**
 * {@code trainer.rollout_engine: counting}: the local engine, counting what goes through it, so a
 * test can see that rollouts, judging and rewrite attempts all pass through the configured engine.
 */
public final class CountingEngineProvider implements RolloutEngineProvider {

    /**
     * Rollout batches, judge batches and rewrite attempts that went through any counting engine.
     */
    public static final AtomicInteger ROLLOUTS = new AtomicInteger();

    public static final AtomicInteger JUDGE_CALLS = new AtomicInteger();
    public static final AtomicInteger REWRITES = new AtomicInteger();

    @Override
    public String name() {
        return "counting";
    }

    @Override
    public RolloutEngine create() {
        LockstepRollouts local = new LockstepRollouts();
        return new RolloutEngine() {
            @Override
            public List<Trajectory> rollOut(
                    List<RolloutRequest> requests,
                    Policy policy,
                    Environment environment,
                    int maxSteps) {
                ROLLOUTS.incrementAndGet();
                return local.rollOut(requests, policy, environment, maxSteps);
            }

            @Override
            public List<List<Judgment>> judge(
                    List<JudgeRequest> requests,
                    int m,
                    List<RandomGenerator> rngs,
                    RewardModel rewardModel) {
                JUDGE_CALLS.incrementAndGet();
                return local.judge(requests, m, rngs, rewardModel);
            }

            @Override
            public Optional<Task> rewrite(
                    RewriteRequest request, RandomGenerator rng, Rewriter rewriter) {
                REWRITES.incrementAndGet();
                return local.rewrite(request, rng, rewriter);
            }
        };
    }
}
