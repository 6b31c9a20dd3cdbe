package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.alfworld.AlfworldEnvironment;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.AlfworldTaskCodec;
import org.rlanything.alfworld.rewrite.AlfworldRewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.neural.provider.NeuralPolicyConfig;

/**
 * The environment side of an ALFWorld run: the environment (planner step labels on, for the reward
 * model's process accuracy, and beside them the {@link RestrainedOracle restrained oracle}'s, whose
 * prior comes from the pretraining games), the task pool (generated training games), the task
 * codec, the rewriter and the held-out evaluation. The models are not made here: each role's comes
 * from its own section ({@link AlfworldNeuralModels} for the neural kinds).
 */
public final class AlfworldExperiment {

    /**
     * Priors already made in this process, by data folder, seed and game count: a prior is a pure
     * function of them, read-only once made, and costs the generation of 600 games (seconds), which
     * a resumed, evaluated or compared run in the same process would otherwise pay again. At most
     * {@value #KEPT_PRIORS} are kept.
     */
    private static final Map<List<Object>, SearchingExpert.Prior> PRIORS =
            new LinkedHashMap<>(8, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(
                        Map.Entry<List<Object>, SearchingExpert.Prior> eldest) {
                    return size() > KEPT_PRIORS;
                }
            };

    private static final int KEPT_PRIORS = 4;

    private final RestrainedLabelEnvironment environment;
    private final List<AlfworldTask> tasks;
    private final AlfworldRewriter rewriter;
    private final AlfworldEvaluation evaluator;

    /**
     * Builds the environment side.
     *
     * @param env the {@code environment} section
     * @param seed the run seed (games, pool, evaluation)
     * @param games the games
     * @param log progress lines
     */
    public AlfworldExperiment(
            AlfworldEnvironmentConfig env, long seed, AlfworldGames games, Consumer<String> log) {
        long start = System.nanoTime();
        RestrainedOracle oracle = restrainedOracle(games, seed);
        this.environment =
                new RestrainedLabelEnvironment(
                        AlfworldEnvironment.builder()
                                .optMaxSteps(env.maxSteps())
                                .optStepLabels(true)
                                .build(),
                        oracle);
        long prior = System.nanoTime();
        this.tasks = pool(games, env, seed, environment.alfworld());
        log.accept(
                String.format(
                        java.util.Locale.ROOT,
                        "task pool: %d generated games in %.1f s; restrained oracle's"
                                + " prior in %.1f s",
                        tasks.size(),
                        (System.nanoTime() - prior) / 1e9,
                        (prior - start) / 1e9));
        this.rewriter = AlfworldRewriter.create(games.data(), env.maxSteps(), env.operators());
        List<AlfworldEvaluation.Dataset> sets = new ArrayList<>();
        if (env.evalGeneratedGames() > 0) {
            sets.add(
                    new AlfworldEvaluation.Dataset(
                            "alfworld_generated", games.heldOut(seed, env.evalGeneratedGames())));
        }
        if (env.evalRealGames()) {
            sets.add(new AlfworldEvaluation.Dataset("alfworld_real", games.real()));
        }
        this.evaluator =
                new AlfworldEvaluation(
                        sets,
                        new AlfworldEvaluation.Settings(
                                env.evalRollouts(),
                                env.evalMaxSteps(),
                                env.evalTemperature(),
                                env.evalVerdicts()),
                        oracle);
    }

    /**
     * The restrained oracle of run seed {@code seed}: the searching demonstrator with the prior of
     * the games its behaviour cloning used ({@link PretrainSettings#defaults(long)}'s training
     * games).
     */
    public static RestrainedOracle restrainedOracle(AlfworldGames games, long seed) {
        int count = PretrainSettings.defaults(seed).trainGames();
        List<Object> key =
                List.of(games.data().root().toAbsolutePath().normalize().toString(), seed, count);
        SearchingExpert.Prior prior;
        synchronized (PRIORS) {
            prior = PRIORS.get(key);
        }
        if (prior == null) {
            prior = SearchingExpert.Prior.of(games.training(seed, count));
            synchronized (PRIORS) {
                PRIORS.put(key, prior);
            }
        }
        return new RestrainedOracle(prior);
    }

    /**
     * The task pool: training games from index {@code poolOffset} on, skipping any whose shortest
     * plan is longer than the training step limit H (the rewriter and the environment only accept
     * games the planner wins within H), until {@code poolSize} are found.
     */
    static List<AlfworldTask> pool(
            AlfworldGames games,
            AlfworldEnvironmentConfig env,
            long seed,
            AlfworldEnvironment environment) {
        List<AlfworldTask> out = new ArrayList<>();
        int index = env.poolOffset();
        int limit = env.poolOffset() + 20 * env.poolSize() + 100;
        while (out.size() < env.poolSize()) {
            if (index >= limit) {
                throw new org.rlanything.core.BadInputException(
                        "environment.pool_size: only "
                                + out.size()
                                + " of "
                                + env.poolSize()
                                + " training games from index "
                                + env.poolOffset()
                                + " (environment.pool_offset) are won by the planner within"
                                + " environment.max_steps "
                                + env.maxSteps()
                                + "; give a smaller pool_size or a larger max_steps.");
            }
            AlfworldTask task = games.training(seed, index++, 1).get(0);
            if (environment.verify(task).valid()) {
                out.add(task);
            }
        }
        return out;
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

    public AlfworldRewriter rewriter() {
        return rewriter;
    }

    public AlfworldEvaluation evaluator() {
        return evaluator;
    }
}
