package org.rlanything.demo;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.Seeds;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.Evaluator;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.LoopListener;
import org.rlanything.core.loop.RLAnythingLoop;

/**
 * The loop's built-in demo: the full RLAnything loop on key-lock corridors with a tabular policy
 * and a tabular judge. It runs in seconds and shows all three parts at work: success rises, the
 * judge's process accuracy rises above chance, and rewritten corridors are accepted into the pool.
 */
public final class KeyLockDemo {

    /** Step limit of the demo's rollouts (the {@code keylock} kind's default). */
    public static final int MAX_STEPS = KeyLockEnvironmentConfig.DEFAULTS.maxSteps();

    /** The demo evaluates every 5 iterations. */
    private static final int EVALUATE_EVERY = 5;

    /** Door counts of the initial pool: mostly too hard for a random policy. */
    private static final int MIN_LENGTH = KeyLockEnvironmentConfig.DEFAULTS.minDoors();

    private static final int MAX_LENGTH = KeyLockEnvironmentConfig.DEFAULTS.maxDoors();

    private final TabularPolicy policy =
            new TabularPolicy(TabularPolicyConfig.DEFAULTS.learningRate());
    private final TabularJudge judge =
            new TabularJudge(
                    TabularRewardModelConfig.DEFAULTS.learningRate(),
                    TabularRewardModelConfig.DEFAULTS.invalidRate());
    private final KeyLockEnvironment environment = new KeyLockEnvironment(MAX_STEPS);
    private final RLAnythingLoop loop;

    /**
     * @param seed the run seed
     * @param arm the ablation arm
     * @param listener receives every iteration's record (may be null)
     */
    public KeyLockDemo(long seed, Ablation arm, LoopListener listener) {
        LoopConfig config =
                new LoopConfig(
                        seed,
                        KeyLockEnvironmentConfig.ALGORITHM.toBuilder().arm(arm).build(),
                        MAX_STEPS,
                        EVALUATE_EVERY);
        RLAnythingLoop.Builder builder =
                RLAnythingLoop.builder()
                        .config(config)
                        .environment(environment)
                        .policy(policy)
                        .rewardModel(judge)
                        .rewriter(new KeyLockRewriter())
                        .tasks(pool(seed, KeyLockEnvironmentConfig.DEFAULTS.poolSize()))
                        .evaluator(evaluator());
        if (listener != null) {
            builder.listener(listener);
        }
        this.loop = builder.build();
    }

    /** The initial pool: {@code size} corridors with seeded layouts and 2..7 doors. */
    static List<KeyLockTask> pool(long seed, int size) {
        return pool(seed, size, MIN_LENGTH, MAX_LENGTH);
    }

    /** {@code size} corridors with seeded layouts and {@code minDoors..maxDoors} doors. */
    public static List<KeyLockTask> pool(long seed, int size, int minDoors, int maxDoors) {
        List<KeyLockTask> tasks = new ArrayList<>();
        var rng = Seeds.rng(seed, Seeds.purpose("demo-pool"));
        for (int i = 0; i < size; i++) {
            tasks.add(
                    new KeyLockTask(
                            rng.nextLong(), minDoors + rng.nextInt(maxDoors - minDoors + 1)));
        }
        return tasks;
    }

    /**
     * Success of the current policy on 24 fixed held-out corridors (3 rollouts each), reported as
     * {@code val-core/keylock/success}.
     */
    private Evaluator evaluator() {
        return (iteration, evaluatedPolicy, rewardModel, seed) ->
                heldOut().evaluate(evaluatedPolicy, rewardModel, seed);
    }

    /** The policy's success rate on the held-out corridors with the given evaluation seed. */
    public double successRate(Policy evaluatedPolicy, long seed) {
        List<Trajectory> trajectories = heldOut().rollouts(evaluatedPolicy, seed);
        return trajectories.stream().filter(Trajectory::won).count() / (double) trajectories.size();
    }

    /** The demo's held-out corridors, rolled out in lockstep. */
    private HeldOutCorridors heldOut() {
        return new HeldOutCorridors(
                environment, MIN_LENGTH, MAX_LENGTH, MAX_STEPS, new LockstepRollouts());
    }

    public RLAnythingLoop loop() {
        return loop;
    }

    public TabularPolicy policy() {
        return policy;
    }

    public TabularJudge judge() {
        return judge;
    }
}
