package org.rlanything.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * One judging work unit: a fixed group of consecutive judge requests (each a step of one of the
 * group's trajectories, with its seed), judged {@code m} times on a worker with the reward-model
 * weights of {@code weightsVersion}. The result is each request's judgments, in request order.
 */
final class JudgeGroup
        implements Callable<ArrayList<ArrayList<WireJudgment>>>,
                Serializable,
                HazelcastInstanceAware {

    private static final long serialVersionUID = 1L;

    private final ArrayList<WireTrajectory> trajectories;
    private final int[] trajectoryOf;
    private final int[] steps;
    private final long[] seeds;
    private final int m;
    private final String weightsVersion;
    private transient HazelcastInstance instance;

    JudgeGroup(
            List<WireTrajectory> trajectories,
            int[] trajectoryOf,
            int[] steps,
            long[] seeds,
            int m,
            String weightsVersion) {
        this.trajectories = new ArrayList<>(trajectories);
        this.trajectoryOf = trajectoryOf.clone();
        this.steps = steps.clone();
        this.seeds = seeds.clone();
        this.m = m;
        this.weightsVersion = weightsVersion;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    public ArrayList<ArrayList<WireJudgment>> call() {
        return WorkerState.of(instance).judge(this, instance);
    }

    List<WireTrajectory> trajectories() {
        return trajectories;
    }

    int[] trajectoryOf() {
        return trajectoryOf;
    }

    int[] steps() {
        return steps;
    }

    long[] seeds() {
        return seeds;
    }

    int m() {
        return m;
    }

    String weightsVersion() {
        return weightsVersion;
    }
}
