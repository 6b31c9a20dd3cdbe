package org.rlanything.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.partition.NoDataMemberInClusterException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.rlanything.core.Environment;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.Trajectory;
import org.rlanything.core.WeightsTransfer;

/**
 * The trainer's side of {@code trainer.rollout_engine: hazelcast}: joins the cluster as a lite
 * member on first use, publishes the policy's weights when they changed, splits the requests by
 * index into fixed groups of {@code group_size} and gathers the groups' episodes in request order;
 * judging likewise, with the reward model's weights. Rewrite attempts and the evaluation's judging
 * ({@code judge} with random generators, which cannot travel) stay in the trainer, as do the calls
 * with a model that cannot ship its weights (an evaluation's copy of the policy with other sampling
 * settings, which a worker would not have). Since each episode's randomness comes from its request
 * and each group runs with the lockstep engine, the trajectories do not depend on the members'
 * number or on which member ran what.
 */
final class HazelcastEngine implements RolloutEngine {

    private final HazelcastSettings settings;
    private final LockstepRollouts local = new LockstepRollouts();
    private final WeightsBroadcast weights = new WeightsBroadcast(WeightsBroadcast.POLICY);
    private final WeightsBroadcast judgeWeights =
            new WeightsBroadcast(WeightsBroadcast.REWARD_MODEL);
    private TaskCodec codec;
    private HazelcastInstance instance;
    private GroupScatter scatter;
    private boolean alone;
    private Map<String, Double> closed;
    private long[] workerLoads = new long[2];

    HazelcastEngine(HazelcastSettings settings) {
        this.settings = settings;
    }

    @Override
    public void useCodec(TaskCodec taskCodec) {
        this.codec = taskCodec;
    }

    @Override
    public List<Trajectory> rollOut(
            List<RolloutRequest> requests, Policy policy, Environment environment, int maxSteps) {
        if (codec == null) {
            throw new IllegalStateException(
                    "The hazelcast engine was not given the run's task codec.");
        }
        if (requests.isEmpty()) {
            return List.of();
        }
        if (!(policy instanceof WeightsTransfer transfer)) {
            // a policy that cannot ship its weights (such as an evaluation's copy with other
            // sampling settings,
            // which the workers' policy would not reproduce) runs in the trainer
            return local.rollOut(requests, policy, environment, maxSteps);
        }
        if (!start()) {
            return local.rollOut(requests, policy, environment, maxSteps);
        }
        String version = publish(weights, transfer);
        if (version == null) {
            return local.rollOut(requests, policy, environment, maxSteps);
        }
        int size = settings.groupSize();
        List<EpisodeGroup> groups = new ArrayList<>();
        for (int from = 0, g = 0; from < requests.size(); from += size, g++) {
            List<RolloutRequest> part =
                    requests.subList(from, Math.min(requests.size(), from + size));
            groups.add(
                    new EpisodeGroup(
                            g,
                            part.stream().map(r -> codec.encode(r.task())).toList(),
                            part.stream().mapToInt(RolloutRequest::rollout).toArray(),
                            part.stream().mapToLong(RolloutRequest::seed).toArray(),
                            maxSteps,
                            version));
        }
        List<EpisodeGroup.Result> results;
        try {
            results =
                    scatter.run(
                            groups,
                            g -> inTrainer(g, requests, size, policy, environment, maxSteps));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "Interrupted while waiting for the cluster " + settings.cluster() + ".", e);
        }
        List<Trajectory> trajectories = new ArrayList<>(requests.size());
        for (EpisodeGroup.Result result : results) {
            int from = result.group() * size;
            for (int i = 0; i < result.won().length; i++) {
                RolloutRequest request = requests.get(from + i);
                trajectories.add(
                        new Trajectory(
                                request.task(),
                                request.rollout(),
                                WireStep.toSteps(result.steps().get(i)),
                                result.won()[i]));
            }
        }
        return trajectories;
    }

    /**
     * Judges on the workers: the requests split by index into fixed groups of {@code 8 *
     * group_size}, each request's randomness from its seed as in {@link
     * RolloutEngine#judgeSeeded}'s default.
     */
    @Override
    public List<List<Judgment>> judgeSeeded(
            List<JudgeRequest> requests, int m, long[] seeds, RewardModel rewardModel) {
        if (codec == null) {
            throw new IllegalStateException(
                    "The hazelcast engine was not given the run's task codec.");
        }
        if (requests.isEmpty() || !(rewardModel instanceof WeightsTransfer transfer)) {
            return RolloutEngine.super.judgeSeeded(requests, m, seeds, rewardModel);
        }
        if (!start()) {
            return RolloutEngine.super.judgeSeeded(requests, m, seeds, rewardModel);
        }
        String version = publish(judgeWeights, transfer);
        if (version == null) {
            return RolloutEngine.super.judgeSeeded(requests, m, seeds, rewardModel);
        }
        int size = 8 * settings.groupSize();
        List<JudgeGroup> groups = new ArrayList<>();
        for (int from = 0; from < requests.size(); from += size) {
            int to = Math.min(requests.size(), from + size);
            Map<Trajectory, Integer> index = new IdentityHashMap<>();
            List<WireTrajectory> trajectories = new ArrayList<>();
            int[] trajectoryOf = new int[to - from];
            int[] steps = new int[to - from];
            for (int i = from; i < to; i++) {
                Trajectory trajectory = requests.get(i).trajectory();
                trajectoryOf[i - from] =
                        index.computeIfAbsent(
                                trajectory,
                                t -> {
                                    trajectories.add(WireTrajectory.of(t, codec));
                                    return trajectories.size() - 1;
                                });
                steps[i - from] = requests.get(i).stepIndex();
            }
            groups.add(
                    new JudgeGroup(
                            trajectories,
                            trajectoryOf,
                            steps,
                            Arrays.copyOfRange(seeds, from, to),
                            m,
                            version));
        }
        List<ArrayList<ArrayList<WireJudgment>>> results;
        try {
            results =
                    scatter.run(
                            groups,
                            g -> {
                                int from = g * size;
                                int to = Math.min(requests.size(), from + size);
                                List<List<Judgment>> judged =
                                        RolloutEngine.super.judgeSeeded(
                                                requests.subList(from, to),
                                                m,
                                                Arrays.copyOfRange(seeds, from, to),
                                                rewardModel);
                                ArrayList<ArrayList<WireJudgment>> out = new ArrayList<>();
                                judged.forEach(
                                        j ->
                                                out.add(
                                                        new ArrayList<>(
                                                                j.stream()
                                                                        .map(WireJudgment::of)
                                                                        .toList())));
                                return out;
                            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "Interrupted while waiting for the cluster " + settings.cluster() + ".", e);
        }
        List<List<Judgment>> judgments = new ArrayList<>(requests.size());
        for (ArrayList<ArrayList<WireJudgment>> group : results) {
            for (ArrayList<WireJudgment> request : group) {
                judgments.add(request.stream().map(WireJudgment::toJudgment).toList());
            }
        }
        return judgments;
    }

    /**
     * The trainer's broadcasts ({@code policy_broadcasts}, {@code reward_model_broadcasts}, {@code
     * broadcast_seconds}: exporting and publishing), the workers' loading of what was broadcast
     * summed over the workers now in the cluster ({@code worker_weight_loads}, {@code
     * worker_weight_load_seconds}: fetching and importing), {@code groups_rerun} and {@code
     * workers}.
     */
    @Override
    public Map<String, Double> statistics() {
        if (instance == null && closed != null) {
            return closed;
        }
        Map<String, Double> s = new LinkedHashMap<>();
        s.put("policy_broadcasts", (double) weights.broadcasts());
        s.put("reward_model_broadcasts", (double) judgeWeights.broadcasts());
        s.put(
                "broadcast_seconds",
                (weights.broadcastNanos() + judgeWeights.broadcastNanos()) / 1e9);
        if (instance != null && scatter != null && !scatter.workers().isEmpty()) {
            // the map lives on the workers: with none left, the last counters read stand
            long loads = 0;
            long nanos = 0;
            try {
                for (Object value : instance.getMap(Members.STATS).values()) {
                    long[] counters = (long[]) value;
                    loads += counters[0];
                    nanos += counters[1];
                }
                workerLoads = new long[] {loads, nanos};
            } catch (RuntimeException e) {
                // the last worker left while reading: the last counters read stand
            }
        }
        s.put("worker_weight_loads", (double) workerLoads[0]);
        s.put("worker_weight_load_seconds", workerLoads[1] / 1e9);
        s.put("groups_rerun", scatter == null ? 0.0 : scatter.reruns());
        s.put("workers", scatter == null ? 0.0 : scatter.workers().size());
        return s;
    }

    /**
     * Says what the broadcasts cost and how many groups ran again, and leaves the cluster; the
     * statistics keep their final values.
     */
    @Override
    public void close() {
        if (instance == null) {
            return;
        }
        closed = Map.copyOf(statistics());
        System.err.printf(
                "hazelcast: %d policy and %d reward-model weight broadcasts (%d ms in the trainer, %d ms"
                        + " loading them in the workers); %d work groups re-run after a worker was lost.%n",
                Math.round(closed.get("policy_broadcasts")),
                Math.round(closed.get("reward_model_broadcasts")),
                Math.round(closed.get("broadcast_seconds") * 1000),
                Math.round(closed.get("worker_weight_load_seconds") * 1000),
                Math.round(closed.get("groups_rerun")));
        instance.shutdown();
        instance = null;
        scatter = null;
    }

    /**
     * Group {@code g} run by the trainer itself (no worker left), with the same lockstep engine.
     */
    private EpisodeGroup.Result inTrainer(
            int g,
            List<RolloutRequest> requests,
            int size,
            Policy policy,
            Environment environment,
            int maxSteps) {
        List<Trajectory> done =
                local.rollOut(
                        requests.subList(g * size, Math.min(requests.size(), (g + 1) * size)),
                        policy,
                        environment,
                        maxSteps);
        ArrayList<ArrayList<WireStep>> steps = new ArrayList<>();
        boolean[] won = new boolean[done.size()];
        for (int i = 0; i < done.size(); i++) {
            steps.add(new ArrayList<>(done.get(i).steps().stream().map(WireStep::of).toList()));
            won[i] = done.get(i).won();
        }
        return new EpisodeGroup.Result(g, steps, won, "trainer");
    }

    /**
     * The version of the weights the work must use, published to the cluster's map; null when the
     * last worker left after {@link #start} saw it: the map then has no member to hold it (the
     * trainer is a lite member), and the caller runs the work in the trainer, as it does when no
     * worker is left (same results: each request's randomness comes from its seed).
     */
    private String publish(WeightsBroadcast broadcast, WeightsTransfer transfer) {
        try {
            return broadcast.publish(instance, transfer);
        } catch (NoDataMemberInClusterException e) {
            start(); // says that no worker is left, once
            return null;
        }
    }

    /**
     * Joins the cluster on first use and waits up to {@code join_timeout_s} for a first worker;
     * later, whether a worker is left (when none is, the work runs in the trainer until one joins).
     */
    private boolean start() {
        if (instance != null) {
            boolean any = !scatter.workers().isEmpty();
            if (!any && !alone) {
                System.err.println(
                        "hazelcast: no worker is left in the cluster "
                                + settings.cluster()
                                + "; the trainer"
                                + " runs the work until one joins.");
            }
            alone = !any;
            return any;
        }
        closed = null;
        try {
            instance = Members.start(settings, true, null);
        } catch (RuntimeException e) {
            throw new ClusterException(
                    "Cannot join the hazelcast cluster "
                            + settings.cluster()
                            + " at "
                            + settings.members()
                            + " from "
                            + settings.bindInterface()
                            + ": "
                            + e.getMessage(),
                    e);
        }
        scatter =
                new GroupScatter(
                        instance, settings.taskTimeoutSeconds(), line -> System.err.println(line));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.joinTimeoutSeconds());
        while (scatter.workers().isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new ClusterException(
                        "No worker joined the hazelcast cluster "
                                + settings.cluster()
                                + " at "
                                + String.join(",", settings.members())
                                + " within "
                                + settings.joinTimeoutSeconds()
                                + " s;"
                                + " start one with `rlanything worker CONFIG` and the same trainer.engine settings.",
                        null);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for workers.", e);
            }
        }
        return true;
    }
}
