package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.tokenizer.BpeTokenizer;

/**
 * How well an ALFWorld judge tells good steps from bad ones, on fixed trajectories: the judge's own
 * measurement bench ({@code rlanything bench judge}).
 *
 * <p>The data are made once per seed from the starting policy: the warm start's training
 * trajectories (the noisy demonstrations and the policy's rollouts on training games) and two
 * evaluation sets of the policy's rollouts (held-out generated games and the real games, 2 each, at
 * most 50 steps), every step labelled by the {@link RestrainedOracle}. Fixed trajectories take the
 * policy out of the measurement: the judge's figures on a training run's evaluation rollouts also
 * move because the policy does (its better steps are harder to judge), while these move only with
 * the judge.
 *
 * <p><b>The figures.</b> For each judged step the probability of the good judgment, p = P(GOOD) /
 * (P(GOOD) + P(BAD)) from the two warm-start judgments' sequence probabilities, is the chance that
 * a verdict sampled at temperature 1 says +1 (the two are the only judgments a warm-started judge
 * writes). Expected TPR = mean p over GOOD steps, TNR = mean 1 − p over BAD steps, balanced = their
 * mean (0.5 for any constant judge); μ = mean p on won trajectories + mean 1 − p on failed ones (1
 * for any constant judge).
 */
public final class JudgeBench {

    private static final long ROLLOUTS = Seeds.purpose("agent/judge-bench/rollouts");
    private static final long GENERATED = Seeds.purpose("agent/judge-bench/generated");
    private static final long REAL = Seeds.purpose("agent/judge-bench/real");
    private static final long DEMOS = Seeds.purpose("agent/judge-bench/demos");
    private static final long INIT = Seeds.purpose("agent/judge-bench/init");

    /** The fixed labelled trajectories of one seed. */
    public record Data(
            List<Trajectory> train,
            List<Trajectory> generated,
            List<Trajectory> real,
            PlannerDemonstrations demos,
            SearchingExpert.Prior prior) {}

    /** A judge's expected figures on one set of trajectories. */
    public record Figures(double tpr, double tnr, double mu, int steps, double goodRate) {
        public double balanced() {
            return (tpr + tnr) / 2;
        }

        public Map<String, Double> asMap(String prefix) {
            Map<String, Double> out = new LinkedHashMap<>();
            out.put(prefix + "balanced_acc", balanced());
            out.put(prefix + "tpr", tpr);
            out.put(prefix + "tnr", tnr);
            out.put(prefix + "mu", mu);
            out.put(prefix + "good_rate", goodRate);
            out.put(prefix + "steps", (double) steps);
            return out;
        }
    }

    private JudgeBench() {}

    /**
     * Makes the data of {@code settings.seed()} from the starting policy in {@code start}: {@code
     * rolloutGames} training games played by the policy beside the demonstrations.
     */
    public static Data data(
            PretrainSettings settings, AlfworldGames games, Path start, int rolloutGames)
            throws IOException {
        long seed = settings.seed();
        List<AlfworldTask> training = games.training(seed, settings.trainGames());
        SearchingExpert.Prior prior = SearchingExpert.Prior.of(training);
        AlfworldPromptFormat format = settings.format();
        PlannerDemonstrations demos =
                PlannerDemonstrations.collect(
                        training,
                        prior,
                        settings.demoNoise(),
                        settings.demoMaxSteps(),
                        Seeds.derive(seed, DEMOS));
        try (NeuralModel policy =
                NeuralModel.load(
                        start.resolve("policy"), Pretrainer.trainerConfig(settings), false)) {
            List<AlfworldTask> played = new ArrayList<>();
            for (int g = 0; g < rolloutGames; g++) {
                played.add(training.get(g % training.size()));
            }
            List<Trajectory> train = new ArrayList<>(demos.trajectories());
            train.addAll(
                    Pretrainer.rollOut(
                            policy,
                            format,
                            played,
                            settings.demoMaxSteps(),
                            Seeds.derive(seed, ROLLOUTS)));
            return new Data(
                    Pretrainer.withRestrainedLabels(train, prior, settings.demoMaxSteps()),
                    twice(policy, format, games.heldOut(seed, 32), prior, seed, GENERATED),
                    twice(policy, format, games.real(), prior, seed, REAL),
                    demos,
                    prior);
        }
    }

    private static List<Trajectory> twice(
            NeuralModel policy,
            AlfworldPromptFormat format,
            List<AlfworldTask> games,
            SearchingExpert.Prior prior,
            long seed,
            long purpose) {
        List<AlfworldTask> both = new ArrayList<>(games);
        both.addAll(games);
        return Pretrainer.withRestrainedLabels(
                Pretrainer.rollOut(policy, format, both, 50, Seeds.derive(seed, purpose)),
                prior,
                50);
    }

    /**
     * Warm-starts a fresh judge with {@code settings} (its format, steps, label noise) on the
     * data's training trajectories, as {@link Pretrainer} does, and returns it; the caller closes
     * it.
     */
    public static NeuralModel warmStart(
            PretrainSettings settings, Data data, Consumer<String> log) {
        AlfworldPromptFormat format = settings.format();
        BpeTokenizer tokenizer = AgentCorpus.tokenizer(data.demos(), format, settings.vocabSize());
        NeuralModel judge =
                NeuralModel.create(
                        settings.rewardModelConfig(
                                tokenizer.vocabSize(), Seeds.derive(settings.seed(), INIT)),
                        tokenizer,
                        Pretrainer.judgeTrainerConfig(settings));
        try {
            Pretrainer.warmStartRewardModel(judge, data.train(), settings, log);
            return judge;
        } catch (RuntimeException e) {
            judge.close();
            throw e;
        }
    }

    /** The judge's expected figures (see the class comment) on {@code trajectories}. */
    public static Figures score(
            NeuralModel judge, AlfworldPromptFormat format, List<Trajectory> trajectories) {
        List<int[]> prompts = new ArrayList<>();
        List<List<int[]>> candidates = new ArrayList<>();
        List<Boolean> good = new ArrayList<>();
        List<Boolean> won = new ArrayList<>();
        List<int[]> pair =
                List.of(
                        judge.encodeResponse(AlfworldPromptFormat.GOOD_JUDGMENT),
                        judge.encodeResponse(AlfworldPromptFormat.BAD_JUDGMENT));
        for (Trajectory t : trajectories) {
            for (Step s : t.steps()) {
                if (s.restrainedLabel() == StepLabel.UNKNOWN) {
                    continue;
                }
                prompts.add(
                        judge.encodePrompt(format.judgePrompt(new JudgeRequest(t, s.index())))
                                .tokens());
                candidates.add(pair);
                good.add(s.restrainedLabel() == StepLabel.GOOD);
                won.add(t.won());
            }
        }
        double[] sums = new double[8]; // p on GOOD, #GOOD, 1-p on BAD, #BAD, p won, #won, 1-p lost,
        // #lost
        List<List<double[]>> scores = judge.scoreCandidates(prompts, candidates);
        for (int k = 0; k < prompts.size(); k++) {
            double lg = sum(scores.get(k).get(0));
            double lb = sum(scores.get(k).get(1));
            double p = 1 / (1 + Math.exp(lb - lg));
            int c = good.get(k) ? 0 : 2;
            sums[c] += good.get(k) ? p : 1 - p;
            sums[c + 1]++;
            int w = won.get(k) ? 4 : 6;
            sums[w] += won.get(k) ? p : 1 - p;
            sums[w + 1]++;
        }
        double mu =
                (sums[5] > 0 ? sums[4] / sums[5] : 0.5) + (sums[7] > 0 ? sums[6] / sums[7] : 0.5);
        return new Figures(
                sums[0] / Math.max(1, sums[1]),
                sums[2] / Math.max(1, sums[3]),
                mu,
                prompts.size(),
                sums[1] / Math.max(1, prompts.size()));
    }

    /**
     * The reward models of a run's kept checkpoints ({@code
     * RUN/checkpoints/iter-NNNNNN/reward_model}, in iteration order).
     */
    public static List<Path> checkpointJudges(Path run) throws IOException {
        Path dir = run.resolve("checkpoints");
        if (!Files.isDirectory(dir)) {
            throw new org.rlanything.core.BadInputException(
                    "The run folder " + run + " holds no checkpoints/ folder.");
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("iter-\\d+"))
                    .filter(p -> Files.isDirectory(p.resolve("reward_model")))
                    .sorted()
                    .map(p -> p.resolve("reward_model"))
                    .toList();
        }
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }
}
