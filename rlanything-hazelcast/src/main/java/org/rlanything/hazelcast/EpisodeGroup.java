package org.rlanything.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * One work unit: a fixed group of consecutive rollout requests (tasks as their codec's text, with
 * their seeds), run on a worker member with the policy weights of {@code weightsVersion}. The
 * result is each episode's steps and outcome, in request order.
 */
final class EpisodeGroup
        implements Callable<EpisodeGroup.Result>, Serializable, HazelcastInstanceAware {

    private static final long serialVersionUID = 1L;

    private final int group;
    private final ArrayList<String> tasks;
    private final int[] rollouts;
    private final long[] seeds;
    private final int maxSteps;
    private final String weightsVersion;
    private transient HazelcastInstance instance;

    EpisodeGroup(
            int group,
            List<String> tasks,
            int[] rollouts,
            long[] seeds,
            int maxSteps,
            String weightsVersion) {
        this.group = group;
        this.tasks = new ArrayList<>(tasks);
        this.rollouts = rollouts.clone();
        this.seeds = seeds.clone();
        this.maxSteps = maxSteps;
        this.weightsVersion = weightsVersion;
    }

    int group() {
        return group;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    public Result call() {
        return WorkerState.of(instance).run(this, instance);
    }

    List<String> tasks() {
        return tasks;
    }

    int[] rollouts() {
        return rollouts;
    }

    long[] seeds() {
        return seeds;
    }

    int maxSteps() {
        return maxSteps;
    }

    String weightsVersion() {
        return weightsVersion;
    }

    /**
     * The episodes of a group, in request order.
     *
     * @param group the group's index
     * @param steps each episode's steps
     * @param won each episode's outcome
     * @param member the worker that ran it (for messages)
     */
    record Result(int group, ArrayList<ArrayList<WireStep>> steps, boolean[] won, String member)
            implements Serializable {}
}
