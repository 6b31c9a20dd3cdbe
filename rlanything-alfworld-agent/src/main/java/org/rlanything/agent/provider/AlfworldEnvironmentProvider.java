package org.rlanything.agent.provider;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.agent.AlfworldEnvironmentConfig;
import org.rlanything.agent.AlfworldExperiment;
import org.rlanything.agent.AlfworldGames;
import org.rlanything.agent.AlfworldNeuralModels;
import org.rlanything.agent.StartingModelsFolder;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.MemoryProfile;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.provider.NeuralModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;

/**
 * {@code environment.kind: alfworld}: generated ALFWorld training games, the scene rewriter and the
 * held-out evaluation; it offers the {@link NeuralModels} ({@link AlfworldNeuralModels}: the
 * ALFWorld prompts and starting models) with which the {@code neural} policy and judge kinds each
 * make their model from their own section. It makes no model itself; {@link #prepare} makes the
 * starting models ahead of parallel runs.
 */
public final class AlfworldEnvironmentProvider
        implements EnvironmentProvider<AlfworldEnvironmentConfig> {

    /** The kind's name. */
    public static final String KIND = "alfworld";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<AlfworldEnvironmentConfig> configType() {
        return AlfworldEnvironmentConfig.class;
    }

    @Override
    public AlfworldEnvironmentConfig defaults() {
        return AlfworldEnvironmentConfig.DEFAULTS;
    }

    @Override
    public AlgorithmConfig algorithmDefaults() {
        return AlfworldEnvironmentConfig.ALGORITHM;
    }

    /**
     * Every arm of 3 seeds in under 10 minutes on 2 cores: 2 iterations of 4 tasks and a smaller
     * in-domain evaluation with one rollout per game; the 48 real games are still all evaluated.
     */
    @Override
    public List<String> quickOverrides() {
        return List.of(
                "trainer.iterations=2",
                "algorithm.tasks_per_iteration=4",
                "environment.eval_generated_games=16",
                "environment.eval_rollouts=1");
    }

    @Override
    public MemoryProfile memory() {
        return new MemoryProfile(4096, 1024, 64 * 1024, 256L << 20);
    }

    @Override
    public void prepare(AlfworldEnvironmentConfig config, RunContext context) throws IOException {
        checkWindow(context);
        startingModels(context, AlfworldGames.locate());
    }

    @Override
    public EnvironmentParts create(AlfworldEnvironmentConfig env, RunContext context)
            throws IOException {
        checkWindow(context);
        AlfworldGames games = AlfworldGames.locate();
        AlfworldExperiment experiment =
                new AlfworldExperiment(env, context.seed(), games, context.log());
        return new EnvironmentParts(
                KIND,
                KIND,
                experiment.environment(),
                new ArrayList<>(experiment.tasks()),
                experiment.codec(),
                experiment.rewriter(),
                experiment.evaluator().withEngine(context.engine()),
                games.data().manifest(),
                null,
                new AlfworldNeuralModels(
                        games,
                        context.seed(),
                        context.startingModels(),
                        policyPromptTokens(context),
                        context.log()));
    }

    /** A neural policy's prompt limit against its model's positions, before any set-up. */
    private static void checkWindow(RunContext context) throws IOException {
        if (context.policy() instanceof NeuralPolicyConfig neural) {
            AlfworldExperiment.checkPolicyWindow(neural, context.startingModels(), context.seed());
        }
    }

    /**
     * The policy's prompt window, which the judge's holds: {@code policy.max_prompt_tokens} of a
     * neural policy, the neural default for other kinds.
     */
    private static int policyPromptTokens(RunContext context) {
        return (context.policy() instanceof NeuralPolicyConfig neural
                        ? neural
                        : NeuralPolicyConfig.DEFAULTS)
                .maxPromptTokens();
    }

    /**
     * Makes the starting models {@code trainer.starting_models} names from the run seed, if absent
     * (before parallel runs, so that none races to make them); nothing if none named.
     */
    private static void startingModels(RunContext context, AlfworldGames games) throws IOException {
        if (context.startingModels() != null) {
            StartingModelsFolder.ensure(
                    context.startingModels(), context.seed(), games, context.log());
        }
    }
}
