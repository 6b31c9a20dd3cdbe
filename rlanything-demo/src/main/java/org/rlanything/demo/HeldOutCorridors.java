package org.rlanything.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.JudgeAccuracy;

/**
 * The key-lock evaluation: 24 held-out corridors of {@code minDoors} to {@code maxDoors} doors
 * drawn from the evaluation seed, 3 rollouts each of at most {@code maxSteps} steps in {@code
 * environment}, rolled out and judged through {@code engine}.
 *
 * @param environment the corridors' environment
 * @param minDoors fewest doors of a held-out corridor
 * @param maxDoors most doors of a held-out corridor
 * @param maxSteps step limit of a rollout
 * @param engine runs the rollouts and the judge
 */
public record HeldOutCorridors(
        KeyLockEnvironment environment,
        int minDoors,
        int maxDoors,
        int maxSteps,
        RolloutEngine engine) {

    /**
     * The held-out evaluation as metrics: {@code val-core/keylock/success} with its number of
     * episodes ({@code val-aux/keylock/episodes}), and the judge's {@code rm_process_acc} and
     * {@code rm_outcome_acc} on the same held-out trajectories (3 verdicts per step), by the rules
     * of {@link JudgeAccuracy}.
     */
    public Map<String, Double> evaluate(Policy evaluatedPolicy, RewardModel judge, long seed) {
        List<Trajectory> trajectories = rollouts(evaluatedPolicy, seed);
        Map<String, Double> metrics = new TreeMap<>();
        metrics.put(
                "val-core/keylock/success",
                trajectories.stream().filter(Trajectory::won).count()
                        / (double) trajectories.size());
        // the n behind the success: the review and the report draw its 95% interval from it
        metrics.put("val-aux/keylock/episodes", (double) trajectories.size());
        List<JudgeRequest> requests = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int k = 0; k < trajectories.size(); k++) {
            for (int i = 0; i < trajectories.get(k).length(); i++) {
                requests.add(new JudgeRequest(trajectories.get(k), i));
                rngs.add(Seeds.rng(seed, Seeds.purpose("held-out-judge"), k, i));
            }
        }
        List<List<Judgment>> judgments =
                requests.isEmpty() ? List.of() : engine.judge(requests, 3, rngs, judge);
        JudgeAccuracy accuracy = new JudgeAccuracy();
        int next = 0;
        for (Trajectory trajectory : trajectories) {
            accuracy.add(trajectory, judgments.subList(next, next + trajectory.length()));
            next += trajectory.length();
        }
        metrics.putAll(accuracy.figures("val-core/keylock/rm_"));
        return metrics;
    }

    /** The rollouts of {@code evaluatedPolicy} on the corridors of evaluation seed {@code seed}. */
    public List<Trajectory> rollouts(Policy evaluatedPolicy, long seed) {
        List<KeyLockTask> heldOut =
                KeyLockDemo.pool(
                        Seeds.derive(seed, Seeds.purpose("held-out")), 24, minDoors, maxDoors);
        List<RolloutRequest> requests = new ArrayList<>();
        for (KeyLockTask task : heldOut) {
            for (int r = 0; r < 3; r++) {
                requests.add(new RolloutRequest(task, r, Seeds.derive(seed, task.layout(), r)));
            }
        }
        return engine.rollOut(requests, evaluatedPolicy, environment, maxSteps);
    }
}
