package org.rlanything.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;
import org.rlanything.core.WeightsTransfer;
import org.rlanything.core.WeightsTransfer.VersionedWeights;
import org.rlanything.core.spi.WorkerParts;

/**
 * A worker member's models and environment: runs {@link EpisodeGroup}s in-process with the lockstep
 * engine after loading the policy weights the group names (once per version).
 */
final class WorkerState {

    /**
     * Test hook: the worker stops in its N-th group (1-based) and says so, so that a test can kill
     * it in the middle of an iteration with work pending.
     */
    private static final int TEST_STALL_AT =
            Integer.getInteger("rlanything.hazelcast.test.stall_at_group", 0);

    private final WorkerParts parts;
    private final LockstepRollouts engine = new LockstepRollouts();
    private HazelcastInstance instance;
    private String loadedVersion;
    private String loadedJudgeVersion;
    private int groups;
    private long weightLoads;
    private long weightLoadNanos;

    WorkerState(WorkerParts parts) {
        if (!(parts.policy() instanceof WeightsTransfer)) {
            throw new IllegalArgumentException(
                    "The policy "
                            + parts.policy().getClass().getSimpleName()
                            + " cannot"
                            + " receive weights (it is not WeightsTransfer), so it cannot serve a cluster.");
        }
        this.parts = parts;
    }

    /** The worker state of {@code member}; refused when the member is not an rlanything worker. */
    static WorkerState of(HazelcastInstance member) {
        Object state = member.getUserContext().get(Members.WORKER_STATE);
        if (!(state instanceof WorkerState worker)) {
            throw new IllegalStateException(
                    "The member "
                            + member.getCluster().getLocalMember().getAddress()
                            + " is not an rlanything worker.");
        }
        return worker;
    }

    /** Runs one group on {@code member} (one at a time: the executor has one thread). */
    synchronized EpisodeGroup.Result run(EpisodeGroup group, HazelcastInstance member) {
        this.instance = member;
        if (++groups == TEST_STALL_AT) {
            parts.log().accept("test: worker stalls in group " + group.group());
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        loadedVersion =
                load(
                        WeightsBroadcast.POLICY,
                        parts.policy(),
                        group.weightsVersion(),
                        loadedVersion);
        List<RolloutRequest> requests = new ArrayList<>();
        for (int i = 0; i < group.tasks().size(); i++) {
            requests.add(
                    new RolloutRequest(
                            parts.codec().decode(group.tasks().get(i)),
                            group.rollouts()[i],
                            group.seeds()[i]));
        }
        List<Trajectory> trajectories =
                engine.rollOut(requests, parts.policy(), parts.environment(), group.maxSteps());
        ArrayList<ArrayList<WireStep>> steps = new ArrayList<>();
        boolean[] won = new boolean[trajectories.size()];
        for (int i = 0; i < trajectories.size(); i++) {
            ArrayList<WireStep> wire = new ArrayList<>();
            for (Step step : trajectories.get(i).steps()) {
                wire.add(WireStep.of(step));
            }
            steps.add(wire);
            won[i] = trajectories.get(i).won();
        }
        return new EpisodeGroup.Result(group.group(), steps, won, address());
    }

    /** Runs one judge group on {@code member}. */
    synchronized ArrayList<ArrayList<WireJudgment>> judge(
            JudgeGroup group, HazelcastInstance member) {
        this.instance = member;
        loadedJudgeVersion =
                load(
                        WeightsBroadcast.REWARD_MODEL,
                        parts.rewardModel(),
                        group.weightsVersion(),
                        loadedJudgeVersion);
        List<Trajectory> trajectories =
                group.trajectories().stream().map(t -> t.toTrajectory(parts.codec())).toList();
        List<JudgeRequest> requests = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int i = 0; i < group.steps().length; i++) {
            requests.add(
                    new JudgeRequest(trajectories.get(group.trajectoryOf()[i]), group.steps()[i]));
            rngs.add(new SplittableRandom(group.seeds()[i]));
        }
        List<List<Judgment>> judged = parts.rewardModel().judge(requests, group.m(), rngs);
        ArrayList<ArrayList<WireJudgment>> out = new ArrayList<>();
        for (List<Judgment> judgments : judged) {
            out.add(new ArrayList<>(judgments.stream().map(WireJudgment::of).toList()));
        }
        return out;
    }

    /**
     * Loads the weights of {@code version} into {@code model} unless {@code loaded} is that
     * version.
     */
    private String load(String key, Object model, String version, String loaded) {
        if (version.equals(loaded)) {
            return loaded;
        }
        if (!(model instanceof WeightsTransfer transfer)) {
            throw new IllegalStateException(
                    "The member " + address() + "'s " + key + " cannot receive weights.");
        }
        long start = System.nanoTime();
        Weights weights = (Weights) instance.getMap(Members.WEIGHTS).get(key);
        if (weights == null || !weights.version().equals(version)) {
            throw new IllegalStateException(
                    "The member "
                            + address()
                            + " found "
                            + key
                            + " weights "
                            + (weights == null ? "missing" : "of version " + weights.version())
                            + " where the trainer"
                            + " published version "
                            + version
                            + ".");
        }
        transfer.importWeights(
                new VersionedWeights(weights.format(), weights.formatVersion(), weights.bytes()));
        weightLoads++;
        weightLoadNanos += System.nanoTime() - start;
        instance.getMap(Members.STATS)
                .set(
                        instance.getCluster().getLocalMember().getUuid().toString(),
                        new long[] {weightLoads, weightLoadNanos});
        if (loaded == null) {
            parts.log().accept("worker " + address() + " loaded its first " + key + " weights");
        }
        return version;
    }

    private String address() {
        return instance.getCluster().getLocalMember().getAddress().toString();
    }
}
