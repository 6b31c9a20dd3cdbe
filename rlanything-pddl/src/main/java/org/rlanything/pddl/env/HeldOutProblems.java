package org.rlanything.pddl.env;

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
import org.rlanything.core.loop.Evaluator;
import org.rlanything.core.loop.JudgeAccuracy;
import org.rlanything.pddl.plan.PlanResult;

/**
 * The held-out evaluation: problems of the domain that training never sees (IPC files), rolled out
 * {@code rollouts} times each. Metrics: {@code val-core/pddl/success}; {@code
 * val-core/pddl/plan_ratio}, the mean over won episodes of the agent's steps over the planner's
 * plan length (1 is as short as the planner's plan); {@code val-core/pddl/solved_by_planner}, the
 * share of held-out problems the planner solves within its bounds; and the judge's accuracy on the
 * same trajectories ({@code val-core/pddl/rm_...}, {@code verdicts} per step; 0: none).
 */
public final class HeldOutProblems implements Evaluator {

    private final PddlEnvironment environment;
    private final List<PddlTask> problems;
    private final int rollouts;
    private final int verdicts;
    private final RolloutEngine engine;

    public HeldOutProblems(
            PddlEnvironment environment,
            List<PddlTask> problems,
            int rollouts,
            int verdicts,
            RolloutEngine engine) {
        this.environment = environment;
        this.problems = List.copyOf(problems);
        this.rollouts = rollouts;
        this.verdicts = verdicts;
        this.engine = engine;
    }

    @Override
    public Map<String, Double> evaluate(
            int iteration, Policy policy, RewardModel judge, long seed) {
        Map<String, Double> metrics = new TreeMap<>();
        if (problems.isEmpty()) {
            return metrics;
        }
        List<RolloutRequest> requests = new ArrayList<>();
        for (int p = 0; p < problems.size(); p++) {
            for (int r = 0; r < rollouts; r++) {
                requests.add(
                        new RolloutRequest(
                                problems.get(p),
                                r,
                                Seeds.derive(seed, Seeds.purpose("held-out"), p, r)));
            }
        }
        List<Trajectory> trajectories =
                engine.rollOut(requests, policy, environment, environment.maxSteps());
        int won = 0;
        double ratio = 0;
        int ratios = 0;
        for (Trajectory t : trajectories) {
            if (!t.won()) {
                continue;
            }
            won++;
            PlanResult plan = environment.compile((PddlTask) t.task()).initialPlan();
            if (plan.solved() && plan.length() > 0) {
                ratio += t.length() / (double) plan.length();
                ratios++;
            }
        }
        long solvable =
                problems.stream()
                        .filter(p -> environment.compile(p).initialPlan().solved())
                        .count();
        metrics.put("val-core/pddl/success", won / (double) trajectories.size());
        metrics.put("val-core/pddl/solved_by_planner", solvable / (double) problems.size());
        if (ratios > 0) {
            metrics.put("val-core/pddl/plan_ratio", ratio / ratios);
        }
        if (verdicts > 0) {
            metrics.putAll(judgeAccuracy(trajectories, judge, seed));
        }
        return metrics;
    }

    private Map<String, Double> judgeAccuracy(
            List<Trajectory> trajectories, RewardModel judge, long seed) {
        List<JudgeRequest> requests = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int k = 0; k < trajectories.size(); k++) {
            for (int i = 0; i < trajectories.get(k).length(); i++) {
                requests.add(new JudgeRequest(trajectories.get(k), i));
                rngs.add(Seeds.rng(seed, Seeds.purpose("held-out-judge"), k, i));
            }
        }
        if (requests.isEmpty()) {
            return Map.of();
        }
        List<List<Judgment>> judgments = engine.judge(requests, verdicts, rngs, judge);
        JudgeAccuracy accuracy = new JudgeAccuracy();
        int next = 0;
        for (Trajectory t : trajectories) {
            accuracy.add(t, judgments.subList(next, next + t.length()));
            next += t.length();
        }
        return accuracy.figures("val-core/pddl/rm_");
    }
}
