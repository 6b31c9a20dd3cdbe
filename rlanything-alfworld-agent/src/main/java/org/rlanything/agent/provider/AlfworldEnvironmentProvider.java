package org.rlanything.agent.provider;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.agent.AgentSettings;
import org.rlanything.agent.AlfworldEnvironmentConfig;
import org.rlanything.agent.AlfworldExperiment;
import org.rlanything.agent.AlfworldGames;
import org.rlanything.agent.StartingModelsFolder;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.MemoryProfile;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.provider.NeuralModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * {@code environment.kind: alfworld}: generated ALFWorld training games, the scene rewriter and the
 * held-out evaluation; it offers the {@link NeuralModels} (from the starting models, with the
 * ALFWorld prompts) that the {@code neural} policy and judge kinds use.
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
        AgentSettings settings = settings(env, context, startingModels(context, games));
        AlfworldExperiment experiment =
                AlfworldExperiment.withoutModels(settings, games, context.log());
        NeuralModels models = new LazyModels(settings, games, context);
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
                models);
    }

    /** A neural policy's prompt limit against its model's positions, before any set-up. */
    private static void checkWindow(RunContext context) throws IOException {
        if (context.policy() instanceof NeuralPolicyConfig neural) {
            AlfworldExperiment.checkPolicyWindow(neural, context.startingModels(), context.seed());
        }
    }

    /**
     * The folder {@code trainer.starting_models} names, made from the run seed if absent; null if
     * none named.
     */
    private static Path startingModels(RunContext context, AlfworldGames games) throws IOException {
        if (context.startingModels() == null) {
            return null;
        }
        return StartingModelsFolder.ensure(
                context.startingModels(), context.seed(), games, context.log());
    }

    /**
     * The experiment's settings: the run's sections as they are (other model kinds: the neural
     * defaults).
     */
    static AgentSettings settings(
            AlfworldEnvironmentConfig env, RunContext context, Path startingModels) {
        NeuralPolicyConfig policy =
                context.policy() instanceof NeuralPolicyConfig neural
                        ? neural
                        : NeuralPolicyConfig.DEFAULTS;
        NeuralRewardModelConfig judge =
                context.rewardModel() instanceof NeuralRewardModelConfig neural
                        ? neural
                        : NeuralRewardModelConfig.DEFAULTS;
        return new AgentSettings(
                context.seed(),
                startingModels,
                context.evaluateEvery(),
                env,
                context.algorithm(),
                policy,
                judge);
    }

    /**
     * The neural policy and judge, loaded together on first use (a label judge run loads no judge
     * here).
     */
    private static final class LazyModels
            implements NeuralModels, org.rlanything.core.spi.EnvironmentDescription {
        private final AgentSettings settings;
        private final AlfworldGames games;
        private final RunContext context;
        private AlfworldExperiment.Models models;

        /** The endpoint kinds' words for ALFWorld (as before environments had their own). */
        @Override
        public String description() {
            return "a text-based household environment";
        }

        @Override
        public String actionFormat() {
            return "";
        }

        @Override
        public String example() {
            return "go to countertop 1";
        }

        LazyModels(AgentSettings settings, AlfworldGames games, RunContext context) {
            this.settings = settings;
            this.games = games;
            this.context = context;
        }

        private AlfworldExperiment.Models models() throws IOException {
            if (models == null) {
                models = AlfworldExperiment.loadModels(settings, games, context.log());
            }
            return models;
        }

        @Override
        public Policy policy(NeuralPolicyConfig config) throws IOException {
            require(config.equals(context.policy()), "policy");
            return models().policy();
        }

        @Override
        public RewardModel rewardModel(NeuralRewardModelConfig config) throws IOException {
            require(config.equals(context.rewardModel()), "reward_model");
            return models().rewardModel();
        }

        private static void require(boolean same, String section) {
            if (!same) {
                throw new org.rlanything.core.BadInputException(
                        "The ALFWorld models are made from the run's own "
                                + section
                                + " settings; another "
                                + section
                                + " config was given.");
            }
        }
    }
}
