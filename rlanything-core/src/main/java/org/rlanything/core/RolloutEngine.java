package org.rlanything.core;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Where the loop's sampling work runs: rollouts with the current policy, judging with the current
 * reward model, and rewrite attempts. The default runs in-process ({@link LockstepRollouts}); a
 * cluster engine distributes the same requests (shipping the models' weights as {@link
 * WeightsTransfer} bytes) and must return the same results, since each request carries its own
 * random source.
 */
public interface RolloutEngine {

    /**
     * Tells the engine how the run's tasks travel as text, once the environment is built; a
     * distributed engine sends tasks to its workers with it. The in-process engine ignores it.
     */
    default void useCodec(TaskCodec codec) {}

    /**
     * Rolls out every request with at most {@code maxSteps} steps each; returns the trajectories in
     * request order.
     */
    List<Trajectory> rollOut(
            List<RolloutRequest> requests, Policy policy, Environment environment, int maxSteps);

    /**
     * Judges each request {@code m} times with {@code rewardModel} (see {@link RewardModel#judge}).
     */
    default List<List<Judgment>> judge(
            List<JudgeRequest> requests,
            int m,
            List<RandomGenerator> rngs,
            RewardModel rewardModel) {
        return rewardModel.judge(requests, m, rngs);
    }

    /**
     * Judges each request {@code m} times, the request's randomness a {@link
     * java.util.SplittableRandom} of {@code seeds[i]} (as {@link Seeds#rng} makes it): what a
     * distributed engine can ship, where a random generator cannot travel. The default judges in
     * this process through {@link #judge}.
     */
    default List<List<Judgment>> judgeSeeded(
            List<JudgeRequest> requests, int m, long[] seeds, RewardModel rewardModel) {
        List<RandomGenerator> rngs = new java.util.ArrayList<>(seeds.length);
        for (long seed : seeds) {
            rngs.add(new java.util.SplittableRandom(seed));
        }
        return judge(requests, m, rngs, rewardModel);
    }

    /** One rewrite attempt with {@code rewriter} (see {@link Rewriter#rewrite}). */
    default Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng, Rewriter rewriter) {
        return rewriter.rewrite(request, rng);
    }

    /**
     * The engine's own counters so far (for benchmarks and end-of-run summaries), by name: for a
     * cluster engine, for example, how often and how long the weights were broadcast. Empty for the
     * in-process engine.
     */
    default Map<String, Double> statistics() {
        return Map.of();
    }

    /**
     * Releases what the engine holds (a cluster membership); the run calls it when it ends. {@link
     * #statistics()} still answers afterwards, with the final counters.
     */
    default void close() {}
}
