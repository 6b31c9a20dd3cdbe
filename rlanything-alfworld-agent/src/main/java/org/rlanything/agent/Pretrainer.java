package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.AlfworldEnvironment;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Trajectory;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralPolicy;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.EpochBatches;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.SupervisedTrainer;
import org.rlanything.neural.train.TrainingSequence;

/**
 * Makes the starting models from a seed (see {@link PretrainSettings}):
 *
 * <ol>
 *   <li>noisy planner demonstrations on generated training games ({@link PlannerDemonstrations});
 *   <li>a BPE tokenizer learned from their text ({@link AgentCorpus}), shared by both models;
 *   <li>the policy: {@code bcSteps} steps of cross-entropy on the demonstrator's command in each
 *       visited state (behaviour cloning), then {@code daggerRounds} rounds of DAgger (the policy
 *       plays, the demonstrator labels the states it reached, cloning continues on everything
 *       labelled so far); the step counts are deliberately limited;
 *   <li>the reward model: {@code rmSteps} steps of cross-entropy on {@link
 *       AlfworldPromptFormat#GOOD_JUDGMENT} / {@link AlfworldPromptFormat#BAD_JUDGMENT} for every
 *       executed step of the demonstrations and of the policy's DAgger rollouts, the planner's
 *       label flipped with probability {@code rmLabelNoise} (weak labels).
 * </ol>
 *
 * {@link StartingModels#save} writes {@code policy/} and {@code reward_model/} in the neural
 * checkpoint format, which {@link CheckpointedPolicy#load} and {@link CheckpointedRewardModel#load}
 * read.
 */
public final class Pretrainer {

    private static final long BC = Seeds.purpose("agent/pretrain/bc");
    private static final long RM = Seeds.purpose("agent/pretrain/rm");
    private static final long NOISE = Seeds.purpose("agent/pretrain/label-noise");
    private static final long INIT_POLICY = Seeds.purpose("agent/pretrain/init-policy");
    private static final long INIT_RM = Seeds.purpose("agent/pretrain/init-reward-model");
    private static final long DEMOS = Seeds.purpose("agent/pretrain/demos");
    private static final long DAGGER = Seeds.purpose("agent/pretrain/dagger");

    private Pretrainer() {}

    /**
     * The two starting models, what was measured while making them and the prompt format they were
     * trained to read. Owns the models.
     */
    public record StartingModels(
            NeuralModel policy,
            NeuralModel rewardModel,
            Map<String, Double> metrics,
            AlfworldPromptFormat format)
            implements AutoCloseable {

        /**
         * Writes {@code dir/policy/}, {@code dir/reward_model/} and {@code dir/}{@value
         * StartingModelsFolder#FORMAT_FILE} (the prompt format, which a run checks before using the
         * models).
         */
        public void save(Path dir, Map<String, Object> provenance) throws IOException {
            Files.createDirectories(dir);
            StartingModelsFolder.writeFormat(dir, format);
            Map<String, Object> extras = new LinkedHashMap<>(provenance);
            extras.put("pretrain_metrics", metrics);
            extras.put("role", "policy");
            policy.save(dir.resolve("policy"), extras);
            extras.put("role", "reward_model");
            rewardModel.save(dir.resolve("reward_model"), extras);
        }

        @Override
        public void close() {
            policy.close();
            rewardModel.close();
        }
    }

    /**
     * The judge's prompt window in tokens: the model's 256 positions less 24 for the judgment. The
     * judge reads the policy's view plus the step and its result, so its window is wider than the
     * policy's 200 tokens.
     */
    public static final int JUDGE_PROMPT_TOKENS = 232;

    /**
     * The trainer limits the agent's models use: prompts up to maxPromptTokens, the rest for
     * responses.
     */
    public static PpoSettings trainerConfig(PretrainSettings s) {
        return PpoSettings.method()
                .withLimits(s.maxPromptTokens(), s.maxPositions() - s.maxPromptTokens())
                .withMaxTokensPerForward(4096);
    }

    /**
     * The judge's limits: prompts up to {@link #JUDGE_PROMPT_TOKENS}, the rest for the judgment.
     */
    public static PpoSettings judgeTrainerConfig(PretrainSettings s) {
        int prompt = Math.min(JUDGE_PROMPT_TOKENS, s.maxPositions() - 8);
        return PpoSettings.method()
                .withLimits(prompt, s.maxPositions() - prompt)
                .withMaxTokensPerForward(4096);
    }

    /** Runs the whole recipe; {@code log} receives one line per phase. */
    public static StartingModels run(
            PretrainSettings settings, AlfworldGames games, Consumer<String> log) {
        Objects.requireNonNull(log, "log");
        Map<String, Double> metrics = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        List<AlfworldTask> train = games.training(settings.seed(), settings.trainGames());
        SearchingExpert.Prior prior = SearchingExpert.Prior.of(train);
        // The judge's summary orders unvisited places by this prior; the models keep it beside
        // them.
        PretrainSettings s =
                settings.toBuilder().format(settings.format().withPlacePrior(prior)).build();
        PlannerDemonstrations demos =
                PlannerDemonstrations.collect(
                        train,
                        prior,
                        s.demoNoise(),
                        s.demoMaxSteps(),
                        Seeds.derive(s.seed(), DEMOS));
        long wins = demos.trajectories().stream().filter(Trajectory::won).count();
        log.accept(
                String.format(
                        "demonstrations: %d games, %d states, noisy demonstrator won %d (%.1f s)",
                        train.size(), demos.targets().size(), wins, seconds(t0)));
        metrics.put("pretrain/demo_states", (double) demos.targets().size());

        long t1 = System.nanoTime();
        BpeTokenizer tokenizer = AgentCorpus.tokenizer(demos, s.format(), s.vocabSize());
        log.accept(String.format("tokenizer: %d ids (%.1f s)", tokenizer.vocabSize(), seconds(t1)));

        PpoSettings trainer = trainerConfig(s);
        // The models' vocabulary is the tokenizer's: a small corpus learns fewer ids than asked
        // for, and a model
        // with more would sample ids that no text decodes to.
        int vocab = tokenizer.vocabSize();
        NeuralModel policy =
                NeuralModel.create(
                        s.modelConfig(vocab, Seeds.derive(s.seed(), INIT_POLICY)),
                        tokenizer,
                        trainer);
        NeuralModel rewardModel = null;
        try {
            metrics.putAll(cloneBehaviour(policy, demos, s, log));
            List<Trajectory> judged = new ArrayList<>(demos.trajectories());
            PlannerDemonstrations all = demos;
            for (int round = 1; round <= s.daggerRounds(); round++) {
                all = daggerRound(policy, s, train, prior, round, all, judged, metrics, log);
            }
            rewardModel =
                    NeuralModel.create(
                            s.rewardModelConfig(vocab, Seeds.derive(s.seed(), INIT_RM)),
                            tokenizer,
                            judgeTrainerConfig(s));
            metrics.putAll(
                    warmStartRewardModel(
                            rewardModel,
                            withRestrainedLabels(judged, prior, s.demoMaxSteps()),
                            s,
                            log));
            return new StartingModels(policy, rewardModel, metrics, s.format());
        } catch (RuntimeException e) {
            policy.close();
            if (rewardModel != null) {
                rewardModel.close();
            }
            throw e;
        }
    }

    /**
     * DAgger round {@code round}: the policy plays training games, the planner labels the states it
     * reached, and the policy is cloned again on all labelled states; the rollouts join {@code
     * judged}. Returns all labelled states so far.
     */
    private static PlannerDemonstrations daggerRound(
            NeuralModel policy,
            PretrainSettings s,
            List<AlfworldTask> train,
            SearchingExpert.Prior prior,
            int round,
            PlannerDemonstrations all,
            List<Trajectory> judged,
            Map<String, Double> metrics,
            Consumer<String> log) {
        long tr = System.nanoTime();
        List<AlfworldTask> played = new ArrayList<>();
        for (int g = 0; g < s.daggerGames(); g++) {
            played.add(train.get(((round - 1) * s.daggerGames() + g) % train.size()));
        }
        List<Trajectory> rollouts =
                rollOut(
                        policy,
                        s.format(),
                        played,
                        s.demoMaxSteps(),
                        Seeds.derive(s.seed(), DAGGER, round));
        double won =
                rollouts.stream().filter(Trajectory::won).count()
                        / (double) Math.max(1, rollouts.size());
        PlannerDemonstrations labelled =
                PlannerDemonstrations.relabel(rollouts, prior, s.demoMaxSteps());
        all = all.plus(labelled);
        judged.addAll(rollouts);
        metrics.put("pretrain/dagger_" + round + "_train_success", won);
        log.accept(
                String.format(
                        "dagger round %d: the policy won %.3f of %d training games; %d states labelled"
                                + " (%.1f s)",
                        round, won, rollouts.size(), labelled.targets().size(), seconds(tr)));
        List<TrainingSequence> data = policySequences(policy, all, s.format());
        double loss =
                train(
                        policy,
                        data,
                        s.daggerBcSteps(),
                        s.bcBatch(),
                        s.bcLearningRate(),
                        Seeds.rng(s.seed(), BC, round),
                        "dagger",
                        log);
        metrics.put("pretrain/dagger_" + round + "_loss", loss);
        return all;
    }

    /**
     * The trajectories replayed in an environment whose steps also carry the restrained oracle's
     * label (the label the judge's figures headline), so that the warm start teaches what the agent
     * could know.
     */
    static List<Trajectory> withRestrainedLabels(
            List<Trajectory> trajectories, SearchingExpert.Prior prior, int maxSteps) {
        RestrainedLabelEnvironment env =
                new RestrainedLabelEnvironment(
                        AlfworldEnvironment.builder()
                                .optMaxSteps(maxSteps)
                                .optStepLabels(true)
                                .build(),
                        new RestrainedOracle(prior));
        List<Trajectory> out = new ArrayList<>(trajectories.size());
        for (Trajectory t : trajectories) {
            List<Step> steps = new ArrayList<>(t.length());
            try (RestrainedLabelEnvironment.Session session =
                    env.start(t.task(), Seeds.rng(0, 0))) {
                for (Step step : t.steps()) {
                    StepResult result = session.step(step.action().command());
                    steps.add(
                            new Step(
                                    step.index(),
                                    step.observation(),
                                    step.admissibleActions(),
                                    step.action(),
                                    step.nextObservation(),
                                    result.label(),
                                    result.restrainedLabel()));
                }
            }
            out.add(new Trajectory(t.task(), t.rollout(), steps, t.won()));
        }
        return out;
    }

    /**
     * Rolls out {@code model} as a policy (temperature 1) on {@code games}, steps labelled by the
     * planner.
     */
    static List<Trajectory> rollOut(
            NeuralModel model,
            AlfworldPromptFormat format,
            List<AlfworldTask> games,
            int maxSteps,
            long seed) {
        AlfworldEnvironment env =
                AlfworldEnvironment.builder().optMaxSteps(maxSteps).optStepLabels(true).build();
        List<RolloutRequest> requests = new ArrayList<>();
        for (int g = 0; g < games.size(); g++) {
            requests.add(new RolloutRequest(games.get(g), 0, Seeds.derive(seed, g)));
        }
        return new LockstepRollouts()
                .rollOut(
                        requests,
                        new NeuralPolicy(model, format, new SamplingConfig(1.0, 1.0, 16)),
                        env,
                        maxSteps);
    }

    /**
     * Behaviour cloning: {@code bcSteps} steps over shuffled (policy prompt, planner command)
     * pairs.
     */
    public static Map<String, Double> cloneBehaviour(
            NeuralModel model,
            PlannerDemonstrations demos,
            PretrainSettings s,
            Consumer<String> log) {
        long t0 = System.nanoTime();
        List<TrainingSequence> data = policySequences(model, demos, s.format());
        double loss =
                train(
                        model,
                        data,
                        s.bcSteps(),
                        s.bcBatch(),
                        s.bcLearningRate(),
                        Seeds.rng(s.seed(), BC),
                        "bc",
                        log);
        log.accept(
                String.format(
                        "behaviour cloning: %d steps x %d of %d demonstrations, final loss %.3f (%.1f s)",
                        s.bcSteps(), s.bcBatch(), data.size(), loss, seconds(t0)));
        return Map.of("pretrain/bc_loss", loss, "pretrain/bc_seconds", seconds(t0));
    }

    /**
     * Warm start on noisy step labels (the restrained ones where present): {@code rmSteps} steps
     * over shuffled judged steps.
     */
    public static Map<String, Double> warmStartRewardModel(
            NeuralModel model,
            List<Trajectory> trajectories,
            PretrainSettings s,
            Consumer<String> log) {
        long t0 = System.nanoTime();
        List<TrainingSequence> data = new ArrayList<>();
        int good = 0;
        int flipped = 0;
        for (int k = 0; k < trajectories.size(); k++) {
            Trajectory t = trajectories.get(k);
            for (Step step : t.steps()) {
                // The restrained label (what the agent could know) where the environment gives one.
                StepLabel label =
                        step.restrainedLabel() != StepLabel.UNKNOWN
                                ? step.restrainedLabel()
                                : step.label();
                if (label == StepLabel.UNKNOWN) {
                    continue;
                }
                boolean isGood = label == StepLabel.GOOD;
                good += isGood ? 1 : 0;
                if (Seeds.rng(s.seed(), NOISE, k, step.index()).nextDouble() < s.rmLabelNoise()) {
                    isGood = !isGood;
                    flipped++;
                }
                data.add(
                        judgeSequence(
                                model, s.format(), new JudgeRequest(t, step.index()), isGood));
            }
        }
        double loss =
                train(
                        model,
                        data,
                        s.rmSteps(),
                        s.rmBatch(),
                        s.rmLearningRate(),
                        Seeds.rng(s.seed(), RM),
                        "rm",
                        log);
        log.accept(
                String.format(
                        "reward model warm start: %d steps x %d of %d judged steps (%.0f%% GOOD, %d flipped),"
                                + " final loss %.3f (%.1f s)",
                        s.rmSteps(),
                        s.rmBatch(),
                        data.size(),
                        100.0 * good / Math.max(1, data.size()),
                        flipped,
                        loss,
                        seconds(t0)));
        return Map.of(
                "pretrain/rm_loss",
                loss,
                "pretrain/rm_seconds",
                seconds(t0),
                "pretrain/rm_good_fraction",
                (double) good / Math.max(1, data.size()));
    }

    /**
     * The fraction of demonstration states where the model's most likely admissible command
     * (sequence log-likelihood, as the policy chooses at temperature 0) is the demonstrator's
     * command.
     */
    public static double choiceAccuracy(
            NeuralModel model,
            List<PlannerDemonstrations.Target> targets,
            AlfworldPromptFormat format) {
        return choiceAccuracy(model, targets, format, null);
    }

    /**
     * As {@link #choiceAccuracy(NeuralModel, List, AlfworldPromptFormat)}, tallying per verb when
     * given a map.
     */
    public static double choiceAccuracy(
            NeuralModel model,
            List<PlannerDemonstrations.Target> targets,
            AlfworldPromptFormat format,
            Map<String, int[]> perVerb) {
        if (targets.isEmpty()) {
            return Double.NaN;
        }
        int correct = 0;
        for (int from = 0; from < targets.size(); from += 16) {
            List<PlannerDemonstrations.Target> chunk =
                    targets.subList(from, Math.min(targets.size(), from + 16));
            List<int[]> prompts = new ArrayList<>();
            List<List<int[]>> candidates = new ArrayList<>();
            for (PlannerDemonstrations.Target t : chunk) {
                prompts.add(model.encodePrompt(format.policyPrompt(t.context())).tokens());
                List<int[]> c = new ArrayList<>();
                for (String command : t.context().admissibleActions()) {
                    c.add(model.encodeResponse(format.commandResponse(command)));
                }
                candidates.add(c);
            }
            List<List<double[]>> scores = model.scoreCandidates(prompts, candidates);
            for (int k = 0; k < chunk.size(); k++) {
                int best = -1;
                double bestScore = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < scores.get(k).size(); j++) {
                    double sum = 0;
                    for (double v : scores.get(k).get(j)) {
                        sum += v;
                    }
                    if (sum > bestScore) {
                        bestScore = sum;
                        best = j;
                    }
                }
                boolean right =
                        chunk.get(k)
                                .context()
                                .admissibleActions()
                                .get(best)
                                .equals(chunk.get(k).command());
                if (right) {
                    correct++;
                }
                if (perVerb != null) {
                    String verb = chunk.get(k).command().split(" ")[0];
                    int[] tally = perVerb.computeIfAbsent(verb, v -> new int[2]);
                    tally[0] += right ? 1 : 0;
                    tally[1]++;
                }
            }
        }
        return (double) correct / targets.size();
    }

    /** The (policy prompt, planner command) sequences of {@code demos}. */
    public static List<TrainingSequence> policySequences(
            NeuralModel model, PlannerDemonstrations demos, AlfworldPromptFormat format) {
        List<TrainingSequence> data = new ArrayList<>(demos.targets().size());
        for (PlannerDemonstrations.Target target : demos.targets()) {
            data.add(
                    new TrainingSequence(
                            model.encodePrompt(format.policyPrompt(target.context())).tokens(),
                            model.encodeResponse(format.commandResponse(target.command())),
                            1.0));
        }
        return data;
    }

    /** The warm-start sequence of one judged step with the given (possibly flipped) label. */
    public static TrainingSequence judgeSequence(
            NeuralModel model, AlfworldPromptFormat format, JudgeRequest request, boolean good) {
        return new TrainingSequence(
                model.encodePrompt(format.judgePrompt(request)).tokens(),
                model.encodeResponse(
                        good
                                ? AlfworldPromptFormat.GOOD_JUDGMENT
                                : AlfworldPromptFormat.BAD_JUDGMENT),
                1.0);
    }

    /**
     * {@code steps} supervised steps of {@code batch} samples over reshuffled epochs, the learning
     * rate decaying linearly from {@code lr} to {@code lr/10}; returns the mean loss of the last 50
     * steps.
     */
    static double train(
            NeuralModel model,
            List<TrainingSequence> data,
            int steps,
            int batch,
            double lr,
            RandomGenerator rng,
            String name,
            Consumer<String> log) {
        if (data.isEmpty() || steps == 0) {
            return Double.NaN;
        }
        EpochBatches<TrainingSequence> batches = new EpochBatches<>(data, batch, rng);
        double recent = 0;
        int recentCount = 0;
        double last = Double.NaN;
        SupervisedTrainer trainer = model.supervised();
        for (int step = 1; step <= steps; step++) {
            List<TrainingSequence> b = batches.next();
            double rate = lr * (1.0 - 0.9 * (step - 1) / (double) Math.max(1, steps - 1));
            SupervisedTrainer.StepResult r = trainer.step(b, rate);
            recent += r.loss();
            recentCount++;
            if (step % 50 == 0 || step == steps) {
                last = recent / recentCount;
                log.accept(String.format("  %s step %d/%d: loss %.3f", name, step, steps, last));
                recent = 0;
                recentCount = 0;
            }
        }
        return last;
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
