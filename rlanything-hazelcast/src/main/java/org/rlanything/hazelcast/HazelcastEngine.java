package org.rlanything.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.rlanything.core.Environment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.Trajectory;

/**
 * The trainer's side of {@code trainer.rollout_engine: hazelcast}: joins the cluster as a lite member on
 * first use, publishes the policy's weights when they changed, splits the requests by index into fixed
 * groups of {@code group_size} and gathers the groups' episodes in request order. Judging and rewriting
 * stay in the trainer. Since each episode's randomness comes from its request and each group runs with
 * the lockstep engine, the trajectories do not depend on the members' number or on which member ran what.
 */
final class HazelcastEngine implements RolloutEngine {

    private final HazelcastSettings settings;
    private final LockstepRollouts local = new LockstepRollouts();
    private final WeightsBroadcast weights = new WeightsBroadcast();
    private TaskCodec codec;
    private HazelcastInstance instance;
    private GroupScatter scatter;

    HazelcastEngine(HazelcastSettings settings) {
        this.settings = settings;
    }

    @Override
    public void useCodec(TaskCodec taskCodec) {
        this.codec = taskCodec;
    }

    @Override
    public List<Trajectory> rollOut(List<RolloutRequest> requests, Policy policy, Environment environment,
                                    int maxSteps) {
        if (codec == null) {
            throw new IllegalStateException("The hazelcast engine was not given the run's task codec.");
        }
        if (requests.isEmpty()) {
            return List.of();
        }
        start();
        String version = weights.publish(instance, policy);
        int size = settings.groupSize();
        List<EpisodeGroup> groups = new ArrayList<>();
        for (int from = 0, g = 0; from < requests.size(); from += size, g++) {
            List<RolloutRequest> part = requests.subList(from, Math.min(requests.size(), from + size));
            groups.add(new EpisodeGroup(g, part.stream().map(r -> codec.encode(r.task())).toList(),
                    part.stream().mapToInt(RolloutRequest::rollout).toArray(),
                    part.stream().mapToLong(RolloutRequest::seed).toArray(), maxSteps, version));
        }
        List<EpisodeGroup.Result> results;
        try {
            results = scatter.run(groups, g -> inTrainer(g, requests, size, policy, environment, maxSteps));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the cluster " + settings.cluster() + ".", e);
        }
        List<Trajectory> trajectories = new ArrayList<>(requests.size());
        for (EpisodeGroup.Result result : results) {
            int from = result.group() * size;
            for (int i = 0; i < result.won().length; i++) {
                RolloutRequest request = requests.get(from + i);
                trajectories.add(new Trajectory(request.task(), request.rollout(),
                        WireStep.toSteps(result.steps().get(i)), result.won()[i]));
            }
        }
        return trajectories;
    }

    /** Group {@code g} run by the trainer itself (no worker left), with the same lockstep engine. */
    private EpisodeGroup.Result inTrainer(int g, List<RolloutRequest> requests, int size, Policy policy,
                                          Environment environment, int maxSteps) {
        List<Trajectory> done = local.rollOut(requests.subList(g * size, Math.min(requests.size(), (g + 1) * size)),
                policy, environment, maxSteps);
        ArrayList<ArrayList<WireStep>> steps = new ArrayList<>();
        boolean[] won = new boolean[done.size()];
        for (int i = 0; i < done.size(); i++) {
            steps.add(new ArrayList<>(done.get(i).steps().stream().map(WireStep::of).toList()));
            won[i] = done.get(i).won();
        }
        return new EpisodeGroup.Result(g, steps, won, "trainer");
    }

    /** Joins the cluster and waits up to {@code join_timeout_s} for a first worker. */
    private void start() {
        if (instance != null) {
            return;
        }
        try {
            instance = Members.start(settings, true, null);
        } catch (RuntimeException e) {
            throw new ClusterException("Cannot join the hazelcast cluster " + settings.cluster() + " at "
                    + settings.members() + " from " + settings.bindInterface() + ": " + e.getMessage(), e);
        }
        scatter = new GroupScatter(instance, settings.taskTimeoutSeconds(), line -> System.err.println(line));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.joinTimeoutSeconds());
        while (scatter.workers().isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new ClusterException("No worker joined the hazelcast cluster " + settings.cluster() + " at "
                        + String.join(",", settings.members()) + " within " + settings.joinTimeoutSeconds() + " s;"
                        + " start one with `rlanything worker CONFIG` and the same trainer.engine settings.", null);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for workers.", e);
            }
        }
    }
}
