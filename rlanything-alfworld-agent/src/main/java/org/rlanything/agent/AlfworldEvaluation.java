package org.rlanything.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.AlfworldEnvironment;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.Environment;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.Evaluator;
import org.rlanything.core.loop.JudgeAccuracy;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.infer.SamplingConfig;

/**
 * Held-out evaluation on ALFWorld games (method.md §9), usable as the loop's {@link Evaluator}.
 *
 * <p>For each dataset (for example {@code alfworld_generated}, held-out generated games, and {@code
 * alfworld_real}, the 48 real games): N rollouts per game with the policy at the configured
 * temperature, at most H steps, every random draw derived from the evaluation seed, the dataset
 * name, the game and the rollout (so every evaluation of a run plays the same episodes and curves
 * compare policies, not luck). Steps are labelled by the planner and, when a {@link
 * RestrainedOracle} is given, by the oracle restrained to what the agent has seen too (method.md §9
 * reports both). Then, when a reward model is given and {@code verdictsPerStep > 0}, every step is
 * judged m times and scored with {@link JudgeAccuracy}.
 *
 * <p>Metrics: {@code val-core/<dataset>/success}, the judge's figures of {@link
 * JudgeAccuracy#figures} as {@code val-core/<dataset>/rm_...} (plain and balanced process accuracy
 * against both labels, μ, plain and balanced outcome accuracy, invalid rate), plus {@code
 * val-aux/<dataset>/mean_length} (steps per episode) and the GOOD base rates of the episodes,
 * judged or not, {@code val-aux/<dataset>/good_rate} and {@code good_rate_restrained}.
 */
public final class AlfworldEvaluation implements Evaluator {

    /** A named list of games. */
    public record Dataset(String name, List<AlfworldTask> games) {
        public Dataset {
            Objects.requireNonNull(name, "name");
            games = List.copyOf(games);
        }
    }

    /**
     * How to evaluate.
     *
     * @param rolloutsPerGame N
     * @param maxSteps H (default 50)
     * @param temperature the policy's sampling temperature during evaluation; NaN keeps the
     *     policy's own (only an {@link CheckpointedPolicy} can be re-tempered)
     * @param verdictsPerStep m verdicts per step for the reward-model metrics (0: do not judge)
     */
    public record Settings(
            int rolloutsPerGame, int maxSteps, double temperature, int verdictsPerStep) {
        public Settings {
            if (rolloutsPerGame < 1 || maxSteps < 1 || verdictsPerStep < 0) {
                throw new IllegalArgumentException(
                        "Evaluation needs rolloutsPerGame >= 1 ("
                                + rolloutsPerGame
                                + "), maxSteps >= 1 ("
                                + maxSteps
                                + ") and verdictsPerStep >= 0 ("
                                + verdictsPerStep
                                + ").");
            }
        }

        /** One rollout per game, 50 steps, the policy's own temperature, one verdict per step. */
        public static Settings defaults() {
            return new Settings(1, AlfworldEnvironment.DEFAULT_MAX_STEPS, Double.NaN, 1);
        }
    }

    /** The outcome of one dataset's evaluation. */
    public record DatasetResult(
            String name,
            List<Trajectory> trajectories,
            List<List<List<Judgment>>> judgments,
            JudgeAccuracy judge) {
        public double success() {
            return trajectories.stream().filter(Trajectory::won).count()
                    / (double) trajectories.size();
        }

        public double meanLength() {
            return trajectories.stream().mapToInt(Trajectory::length).average().orElse(0);
        }
    }

    private final List<Dataset> datasets;
    private final Settings settings;
    private final Environment environment;
    private RolloutEngine engine = new LockstepRollouts();

    /** An evaluation whose steps carry the planner's labels only. */
    public AlfworldEvaluation(List<Dataset> datasets, Settings settings) {
        this(datasets, settings, null);
    }

    /**
     * An evaluation whose steps also carry {@code oracle}'s restrained labels (none when it is
     * null).
     */
    public AlfworldEvaluation(List<Dataset> datasets, Settings settings, RestrainedOracle oracle) {
        this.datasets = List.copyOf(datasets);
        this.settings = Objects.requireNonNull(settings, "settings");
        AlfworldEnvironment alfworld =
                AlfworldEnvironment.builder()
                        .optMaxSteps(settings.maxSteps())
                        .optStepLabels(true)
                        .build();
        this.environment =
                oracle == null ? alfworld : new RestrainedLabelEnvironment(alfworld, oracle);
    }

    /**
     * Plays and judges the evaluation through {@code value} (the run's engine; in-process by
     * default).
     */
    public AlfworldEvaluation withEngine(RolloutEngine value) {
        engine = Objects.requireNonNull(value, "engine");
        return this;
    }

    public List<Dataset> datasets() {
        return datasets;
    }

    public Settings settings() {
        return settings;
    }

    @Override
    public Map<String, Double> evaluate(
            int iteration, Policy policy, RewardModel rewardModel, long seed) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (DatasetResult r : run(policy, rewardModel, seed)) {
            out.putAll(metrics(r));
        }
        return out;
    }

    /** The metrics of one dataset's result. */
    public static Map<String, Double> metrics(DatasetResult r) {
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("val-core/" + r.name() + "/success", r.success());
        if (r.judge() != null) {
            out.putAll(r.judge().figures("val-core/" + r.name() + "/rm_"));
        }
        out.put("val-aux/" + r.name() + "/mean_length", r.meanLength());
        // the n behind the success: the review and the report draw its 95% interval from it
        out.put("val-aux/" + r.name() + "/episodes", (double) r.trajectories().size());
        goodRate(r.trajectories(), Step::label)
                .ifPresent(v -> out.put("val-aux/" + r.name() + "/good_rate", v));
        goodRate(r.trajectories(), Step::restrainedLabel)
                .ifPresent(v -> out.put("val-aux/" + r.name() + "/good_rate_restrained", v));
        return out;
    }

    /**
     * The share of labelled steps that {@code labeller} calls GOOD (method.md §9's base rate);
     * empty if none.
     */
    static OptionalDouble goodRate(
            List<Trajectory> trajectories, Function<Step, StepLabel> labeller) {
        long labelled = 0;
        long good = 0;
        for (Trajectory t : trajectories) {
            for (Step step : t.steps()) {
                StepLabel label = labeller.apply(step);
                labelled += label == StepLabel.UNKNOWN ? 0 : 1;
                good += label == StepLabel.GOOD ? 1 : 0;
            }
        }
        return labelled == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) good / labelled);
    }

    /** Every dataset's rollouts and judgments. */
    public List<DatasetResult> run(Policy policy, RewardModel rewardModel, long seed) {
        Policy evaluated = policy;
        if (!Double.isNaN(settings.temperature()) && policy instanceof CheckpointedPolicy agent) {
            SamplingConfig own = agent.sampling();
            evaluated =
                    agent.withSampling(
                            new SamplingConfig(
                                    settings.temperature(), own.topP(), own.maxNewTokens()));
        }
        List<DatasetResult> results = new ArrayList<>();
        for (Dataset d : datasets) {
            results.add(run(d, evaluated, rewardModel, seed));
        }
        return results;
    }

    private DatasetResult run(Dataset d, Policy policy, RewardModel rewardModel, long seed) {
        long purpose = Seeds.purpose("agent/eval/" + d.name());
        List<RolloutRequest> requests = new ArrayList<>();
        for (int g = 0; g < d.games().size(); g++) {
            for (int r = 0; r < settings.rolloutsPerGame(); r++) {
                requests.add(
                        new RolloutRequest(d.games().get(g), r, Seeds.derive(seed, purpose, g, r)));
            }
        }
        List<Trajectory> trajectories =
                engine.rollOut(requests, policy, environment, settings.maxSteps());
        if (rewardModel == null || settings.verdictsPerStep() == 0) {
            return new DatasetResult(d.name(), trajectories, List.of(), null);
        }
        List<JudgeRequest> judged = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        long judgePurpose = Seeds.purpose("agent/eval-judge/" + d.name());
        for (int k = 0; k < trajectories.size(); k++) {
            for (int i = 0; i < trajectories.get(k).length(); i++) {
                judged.add(new JudgeRequest(trajectories.get(k), i));
                rngs.add(Seeds.rng(seed, judgePurpose, k, i));
            }
        }
        List<List<Judgment>> flat =
                judged.isEmpty()
                        ? List.of()
                        : engine.judge(judged, settings.verdictsPerStep(), rngs, rewardModel);
        List<List<List<Judgment>>> judgments = new ArrayList<>();
        int next = 0;
        for (Trajectory t : trajectories) {
            judgments.add(new ArrayList<>(flat.subList(next, next + t.length())));
            next += t.length();
        }
        JudgeAccuracy judge = new JudgeAccuracy();
        for (int k = 0; k < trajectories.size(); k++) {
            judge.add(trajectories.get(k), judgments.get(k));
        }
        return new DatasetResult(d.name(), trajectories, judgments, judge);
    }
}
