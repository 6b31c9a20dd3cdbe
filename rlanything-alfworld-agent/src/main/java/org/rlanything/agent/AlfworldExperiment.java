package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.alfworld.AlfworldEnvironment;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.AlfworldTaskCodec;
import org.rlanything.alfworld.rewrite.AlfworldRewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.provider.InitialModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.train.PpoSettings;

/**
 * All components of an ALFWorld run with the neural backend, built from {@link AgentSettings}: the
 * environment (planner step labels on, for the reward model's process accuracy, and beside them the
 * {@link RestrainedOracle restrained oracle}'s, whose prior comes from the pretraining games), the
 * task pool (generated training games), the task codec, the policy and reward model (from the
 * starting models, or pretrained in-process), the rewriter and the evaluator. {@link
 * #environment()}, {@link #policy()} and the other accessors hand them to an {@link
 * RLAnythingLoop}. Owns the models: close it when done.
 */
public final class AlfworldExperiment implements AutoCloseable {

    private final AgentSettings settings;
    private final AlfworldGames games;
    private final RestrainedLabelEnvironment environment;
    private final List<AlfworldTask> tasks;
    private final CheckpointedPolicy policy;
    private final CheckpointedRewardModel rewardModel;
    private final AlfworldRewriter rewriter;
    private final AlfworldEvaluation evaluator;
    private final AlfworldPromptFormat format;

    private AlfworldExperiment(
            AgentSettings settings,
            AlfworldGames games,
            CheckpointedPolicy policy,
            CheckpointedRewardModel rewardModel,
            AlfworldPromptFormat format,
            Consumer<String> log) {
        this.settings = settings;
        this.games = games;
        this.format = format;
        this.policy = policy;
        this.rewardModel = rewardModel;
        long start = System.nanoTime();
        RestrainedOracle oracle = restrainedOracle(games, settings.seed());
        this.environment =
                new RestrainedLabelEnvironment(
                        AlfworldEnvironment.builder()
                                .optMaxSteps(settings.environment().maxSteps())
                                .optStepLabels(true)
                                .build(),
                        oracle);
        long prior = System.nanoTime();
        this.tasks = pool(games, settings, environment.alfworld());
        log.accept(
                String.format(
                        java.util.Locale.ROOT,
                        "task pool: %d generated games in %.1f s; restrained oracle's"
                                + " prior in %.1f s",
                        tasks.size(),
                        (System.nanoTime() - prior) / 1e9,
                        (prior - start) / 1e9));
        this.rewriter =
                AlfworldRewriter.create(
                        games.data(),
                        settings.environment().maxSteps(),
                        settings.environment().operators());
        List<AlfworldEvaluation.Dataset> sets = new ArrayList<>();
        if (settings.environment().evalGeneratedGames() > 0) {
            sets.add(
                    new AlfworldEvaluation.Dataset(
                            "alfworld_generated",
                            games.heldOut(
                                    settings.seed(), settings.environment().evalGeneratedGames())));
        }
        if (settings.environment().evalRealGames()) {
            sets.add(new AlfworldEvaluation.Dataset("alfworld_real", games.real()));
        }
        this.evaluator =
                new AlfworldEvaluation(
                        sets,
                        new AlfworldEvaluation.Settings(
                                settings.environment().evalRollouts(),
                                settings.environment().evalMaxSteps(),
                                settings.environment().evalTemperature(),
                                settings.environment().evalVerdicts()),
                        oracle);
    }

    /**
     * The restrained oracle of run seed {@code seed}: the searching demonstrator with the prior of
     * the games its behaviour cloning used ({@link PretrainSettings#defaults(long)}'s training
     * games).
     */
    public static RestrainedOracle restrainedOracle(AlfworldGames games, long seed) {
        return new RestrainedOracle(
                SearchingExpert.Prior.of(
                        games.training(seed, PretrainSettings.defaults(seed).trainGames())));
    }

    /**
     * Builds the components: loads the starting models from {@code settings.startingModels()}, or,
     * when it is null, pretrains them with {@link PretrainSettings#defaults(long)} (minutes;
     * progress to {@code log}).
     */
    public static AlfworldExperiment create(
            AgentSettings settings, AlfworldGames games, Consumer<String> log) throws IOException {
        Models models = loadModels(settings, games, log);
        return new AlfworldExperiment(
                settings, games, models.policy(), models.rewardModel(), models.format(), log);
    }

    /**
     * The environment side only (environment, pool, rewriter, evaluator), for runs whose models
     * come from elsewhere (another policy or judge kind); {@link #policy()} and {@link
     * #rewardModel()} are null.
     */
    public static AlfworldExperiment withoutModels(
            AgentSettings settings, AlfworldGames games, Consumer<String> log) {
        return new AlfworldExperiment(
                settings, games, null, null, AlfworldPromptFormat.defaults(), log);
    }

    /**
     * The neural policy and judge of an ALFWorld run and their prompt format.
     *
     * @param policy the policy
     * @param rewardModel the judge
     * @param format the prompt format both read
     */
    public record Models(
            CheckpointedPolicy policy,
            CheckpointedRewardModel rewardModel,
            AlfworldPromptFormat format) {}

    /**
     * Loads the starting models from {@code settings.startingModels()}, or, when it is null,
     * pretrains them with {@link PretrainSettings#defaults(long)} (minutes; progress to {@code
     * log}).
     */
    public static Models loadModels(
            AgentSettings settings, AlfworldGames games, Consumer<String> log) throws IOException {
        AlfworldPromptFormat format = AlfworldPromptFormat.defaults();
        log.accept("rlanything: neural models on " + NeuralRuntime.device());
        PpoSettings policyTrainer = policyTrainerConfig(settings);
        NeuralModel policyModel;
        NeuralModel rmModel;
        PpoSettings rmTrainer;
        if (settings.policy().init() != null && settings.rewardModel().init() != null) {
            // both models from folders the config names (imported Hugging Face models)
            Path policyFolder = Path.of(settings.policy().init());
            Path judgeFolder = Path.of(settings.rewardModel().init());
            rmTrainer = rewardModelTrainerConfig(settings, positions(judgeFolder));
            policyModel = NeuralModel.loadFolder(policyFolder, policyTrainer);
            try {
                rmModel = NeuralModel.loadFolder(judgeFolder, rmTrainer);
            } catch (IOException | RuntimeException e) {
                policyModel.close();
                throw e;
            }
        } else if (settings.startingModels() != null) {
            format = StartingModelsFolder.format(settings.startingModels(), format);
            rmTrainer =
                    rewardModelTrainerConfig(
                            settings, positions(settings.startingModels().resolve("reward_model")));
            policyModel =
                    NeuralModel.load(
                            settings.startingModels().resolve("policy"), policyTrainer, false);
            try {
                rmModel =
                        NeuralModel.load(
                                settings.startingModels().resolve("reward_model"),
                                rmTrainer,
                                false);
            } catch (IOException | RuntimeException e) {
                policyModel.close();
                throw e;
            }
        } else {
            PretrainSettings pretrain = PretrainSettings.defaults(settings.seed());
            try (Pretrainer.StartingModels started = Pretrainer.run(pretrain, games, log)) {
                format = started.format();
                // Reload under the RL trainer settings (the pretrained trainer state is not carried
                // over).
                Path tmp = Files.createTempDirectory("rlanything-start");
                try {
                    started.save(tmp, Map.of("seed", settings.seed()));
                    policyModel = NeuralModel.load(tmp.resolve("policy"), policyTrainer, false);
                    rmTrainer = rewardModelTrainerConfig(settings, pretrain.maxPositions());
                    rmModel = NeuralModel.load(tmp.resolve("reward_model"), rmTrainer, false);
                } finally {
                    AtomicFiles.deleteTree(tmp);
                }
            }
        }
        return models(settings, policyModel, policyTrainer, rmModel, rmTrainer, format);
    }

    /**
     * The loaded models, adapted as the config says (LoRA, an initial checkpoint), as the loop's
     * policy and reward model.
     */
    private static Models models(
            AgentSettings settings,
            NeuralModel policyModel,
            PpoSettings policyTrainer,
            NeuralModel rmModel,
            PpoSettings rmTrainer,
            AlfworldPromptFormat format)
            throws IOException {
        InitialModels.adapt(
                policyModel, settings.policy().lora(), settings.policy().init(), settings.seed());
        InitialModels.adapt(
                rmModel,
                settings.rewardModel().lora(),
                settings.rewardModel().init(),
                settings.seed() + 1);
        CheckpointedPolicy policy =
                new CheckpointedPolicy(
                        policyModel,
                        format,
                        new SamplingConfig(
                                settings.policy().temperature(),
                                1.0,
                                settings.policy().maxTokens()),
                        policyTrainer,
                        settings.policy().chatActions().equals("score"));
        CheckpointedRewardModel rm =
                new CheckpointedRewardModel(
                        rmModel,
                        format,
                        new SamplingConfig(
                                settings.rewardModel().temperature(),
                                1.0,
                                settings.rewardModel().maxTokens()),
                        rmTrainer,
                        settings.rewardModel().chatVerdicts().equals("score"));
        return new Models(policy, rm, format);
    }

    /**
     * The task pool: training games from index {@code poolOffset} on, skipping any whose shortest
     * plan is longer than the training step limit H (the rewriter and the environment only accept
     * games the planner wins within H), until {@code poolSize} are found.
     */
    static List<AlfworldTask> pool(
            AlfworldGames games, AgentSettings s, AlfworldEnvironment environment) {
        List<AlfworldTask> out = new ArrayList<>();
        int index = s.environment().poolOffset();
        int limit = s.environment().poolOffset() + 20 * s.environment().poolSize() + 100;
        while (out.size() < s.environment().poolSize()) {
            if (index >= limit) {
                throw new IllegalStateException(
                        "Only "
                                + out.size()
                                + " of "
                                + s.environment().poolSize()
                                + " training games from index "
                                + s.environment().poolOffset()
                                + " are won by the planner within max_steps "
                                + s.environment().maxSteps()
                                + ".");
            }
            AlfworldTask task = games.training(s.seed(), index++, 1).get(0);
            if (environment.verify(task).valid()) {
                out.add(task);
            }
        }
        return out;
    }

    /**
     * The policy's RL trainer: the method's PPO-clip + k3 objective at the configured rate and U.
     */
    public static PpoSettings policyTrainerConfig(AgentSettings s) {
        return PpoSettings.method()
                .withLearningRate(s.policy().learningRate())
                .withOptimizerSteps(s.policy().optimizerSteps())
                .withLimits(s.policy().maxPromptTokens(), POLICY_RESPONSE_TOKENS)
                .withMaxTokensPerForward(s.policy().maxTokensPerForward());
    }

    /**
     * The reward model's RL trainer. Its prompt window is wider than the policy's (it reads the
     * policy's view plus the step): up to {@link Pretrainer#JUDGE_PROMPT_TOKENS}, within the
     * model's {@code positions}.
     */
    public static PpoSettings rewardModelTrainerConfig(AgentSettings s, int positions) {
        int prompt =
                Math.max(
                        s.policy().maxPromptTokens(),
                        Math.min(Pretrainer.JUDGE_PROMPT_TOKENS, positions - 24));
        return PpoSettings.method()
                .withLearningRate(s.rewardModel().learningRate())
                .withOptimizerSteps(s.rewardModel().optimizerSteps())
                .withLimits(prompt, 24)
                .withMaxTokensPerForward(s.policy().maxTokensPerForward());
    }

    /** The tokens a policy's response (one command) may take in training. */
    static final int POLICY_RESPONSE_TOKENS = 24;

    /**
     * Refuses, before any set-up (games, pretraining), a {@code policy.max_prompt_tokens} that with
     * a response does not fit the policy's positions: those of {@code policy.init}, of the starting
     * models when they exist, or of the models pretraining would make.
     */
    public static void checkPolicyWindow(NeuralPolicyConfig policy, Path startingModels, long seed)
            throws IOException {
        Path folder =
                policy.init() != null
                        ? Path.of(policy.init())
                        : startingModels != null
                                        && Files.isRegularFile(
                                                startingModels.resolve("policy/config.json"))
                                ? startingModels.resolve("policy")
                                : null;
        int positions =
                folder != null ? positions(folder) : PretrainSettings.defaults(seed).maxPositions();
        if (policy.maxPromptTokens() + POLICY_RESPONSE_TOKENS > positions) {
            throw new org.rlanything.core.BadInputException(
                    "policy.max_prompt_tokens ("
                            + policy.maxPromptTokens()
                            + ") and a command's "
                            + POLICY_RESPONSE_TOKENS
                            + " tokens exceed the "
                            + positions
                            + " positions of "
                            + (folder != null
                                    ? "the policy in " + folder
                                    : "the policy pretraining makes")
                            + "; give at most "
                            + (positions - POLICY_RESPONSE_TOKENS)
                            + ".");
        }
    }

    /** The positions of the model saved in {@code dir} (its {@code config.json}). */
    static int positions(Path dir) throws IOException {
        Map<?, ?> config =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .readValue(dir.resolve("config.json").toFile(), Map.class);
        Object value = config.get("max_position_embeddings");
        if (!(value instanceof Number n)) {
            throw new IOException(dir.resolve("config.json") + " has no max_position_embeddings.");
        }
        return n.intValue();
    }

    /** The held-out evaluation of the current models with the run's evaluation seed. */
    public Map<String, Double> evaluate(int iteration) {
        return evaluator.evaluate(
                iteration, policy, rewardModel, RLAnythingLoop.evaluationSeed(settings.seed()));
    }

    public AgentSettings settings() {
        return settings;
    }

    public AlfworldGames games() {
        return games;
    }

    public RestrainedLabelEnvironment environment() {
        return environment;
    }

    public List<Task> tasks() {
        return List.copyOf(tasks);
    }

    /** The codec for the pool's tasks (originals by content, rewrites inline). */
    public TaskCodec codec() {
        return new AlfworldTaskCodec();
    }

    public CheckpointedPolicy policy() {
        return policy;
    }

    public CheckpointedRewardModel rewardModel() {
        return rewardModel;
    }

    public AlfworldRewriter rewriter() {
        return rewriter;
    }

    public AlfworldEvaluation evaluator() {
        return evaluator;
    }

    public AlfworldPromptFormat format() {
        return format;
    }

    @Override
    public void close() {
        if (policy != null) {
            policy.close();
        }
        if (rewardModel != null) {
            rewardModel.close();
        }
    }
}
