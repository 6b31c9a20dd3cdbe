package org.rlanything.cli.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.agent.AgentSettings;
import org.rlanything.agent.AlfworldExperiment;
import org.rlanything.agent.AlfworldGames;
import org.rlanything.cli.config.AlfworldEnvironmentConfig;
import org.rlanything.cli.config.KeyLockEnvironmentConfig;
import org.rlanything.cli.config.LabelRewardModelConfig;
import org.rlanything.cli.config.NeuralPolicyConfig;
import org.rlanything.cli.config.NeuralRewardModelConfig;
import org.rlanything.cli.config.RunConfig;
import org.rlanything.cli.config.TabularPolicyConfig;
import org.rlanything.cli.config.TabularRewardModelConfig;
import org.rlanything.core.RewardModel;
import org.rlanything.core.Task;
import org.rlanything.core.judge.LabelJudge;
import org.rlanything.demo.KeyLockDemo;
import org.rlanything.demo.KeyLockEnvironment;
import org.rlanything.demo.KeyLockRewriter;
import org.rlanything.demo.KeyLockTaskCodec;
import org.rlanything.demo.TabularJudge;
import org.rlanything.demo.TabularPolicy;

/** Builds a run's components from its config: one place that knows every backend. */
public final class Backends {

    private Backends() {
    }

    public static RunComponents create(RunConfig config) {
        if (config.environment() instanceof KeyLockEnvironmentConfig) {
            return keyLock(config, (KeyLockEnvironmentConfig) config.environment());
        }
        if (config.environment() instanceof AlfworldEnvironmentConfig) {
            try {
                return alfworld(config, (AlfworldEnvironmentConfig) config.environment());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot build the ALFWorld run: " + e.getMessage(), e);
            }
        }
        throw new IllegalArgumentException("No backend for environment " + config.environment() + ".");
    }

    /**
     * Makes the starting models {@code config} names (trainer.starting_models) from the config's own seed
     * unless they exist; a no-op for backends without starting models. The ablation calls this once before
     * its arms run in parallel, so that no two arms race to make the same folder.
     */
    public static void ensureStartingModels(RunConfig config) throws IOException {
        if (config.environment() instanceof AlfworldEnvironmentConfig) {
            startingModels(config, AlfworldGames.locate());
        }
    }

    /** The folder trainer.starting_models names, made from the config's seed if absent; null if none named. */
    private static Path startingModels(RunConfig config, AlfworldGames games) throws IOException {
        if (config.trainer().startingModels() == null) {
            return null;
        }
        return StartingModels.ensure(Path.of(config.trainer().startingModels()), config.trainer().seed(), games,
                line -> System.err.println(line));
    }

    /**
     * ALFWorld with the neural policy and judge: generated training games from the seed, the scene
     * rewriter, evaluation on held-out generated and real games; models start from the starting models.
     */
    private static RunComponents alfworld(RunConfig config, AlfworldEnvironmentConfig env) throws IOException {
        if (!(config.policy() instanceof NeuralPolicyConfig)) {
            throw new IllegalArgumentException("environment.kind alfworld needs policy.kind neural.");
        }
        if (!(config.rewardModel() instanceof NeuralRewardModelConfig)
                && !(config.rewardModel() instanceof LabelRewardModelConfig)) {
            throw new IllegalArgumentException("environment.kind alfworld needs reward_model.kind neural or label.");
        }
        NeuralPolicyConfig policy = (NeuralPolicyConfig) config.policy();
        NeuralRewardModelConfig judge = config.rewardModel() instanceof NeuralRewardModelConfig neural ? neural
                : new NeuralRewardModelConfig(null, null, null, null);
        long seed = config.trainer().seed();
        AlfworldGames games = AlfworldGames.locate();
        Path starting = startingModels(config, games);
        AgentSettings settings = AgentSettings.builder().seed(seed).startingModels(starting)
                .arm(config.algorithm().arm()).poolSize(env.poolSize()).poolOffset(env.poolOffset())
                .iterations(config.trainer().iterations()).tasksPerIteration(config.algorithm().tasksPerIteration())
                .rolloutsPerTask(config.algorithm().rolloutsPerTask()).maxSteps(env.maxSteps())
                .verdictsPerStep(config.algorithm().verdictsPerStep())
                .rewriterSamples(config.algorithm().rewriterSamples()).rewriteOperators(env.operators())
                .policyLearningRate(policy.learningRate())
                .policyOptimizerSteps(policy.optimizerSteps()).policyTemperature(policy.temperature())
                .rewardModelLearningRate(judge.learningRate()).rewardModelOptimizerSteps(judge.optimizerSteps())
                .rewardModelTemperature(judge.temperature()).rewardModelMaxTokens(judge.maxTokens())
                .maxPromptTokens(policy.maxPromptTokens()).maxTokensPerForward(policy.maxTokensPerForward())
                .evaluateEvery(config.trainer().evaluateEvery()).evalGeneratedGames(env.evalGeneratedGames())
                .evalRealGames(env.evalRealGames()).evalRollouts(env.evalRollouts()).evalMaxSteps(env.evalMaxSteps())
                .evalTemperature(env.evalTemperature()).evalVerdicts(env.evalVerdicts()).build();
        AlfworldExperiment experiment = AlfworldExperiment.create(settings, games, line -> System.err.println(line));
        return new RunComponents("alfworld", experiment.environment(), new ArrayList<>(experiment.tasks()),
                experiment.codec(), experiment.policy(), labelJudgeOr(config, experiment.rewardModel()),
                experiment.rewriter(), experiment.evaluator());
    }

    private static RunComponents keyLock(RunConfig config, KeyLockEnvironmentConfig env) {
        if (!(config.policy() instanceof TabularPolicyConfig)) {
            throw new IllegalArgumentException("environment.kind keylock needs policy.kind tabular.");
        }
        if (!(config.rewardModel() instanceof TabularRewardModelConfig)
                && !(config.rewardModel() instanceof LabelRewardModelConfig)) {
            throw new IllegalArgumentException("environment.kind keylock needs reward_model.kind tabular or label.");
        }
        TabularPolicyConfig policy = (TabularPolicyConfig) config.policy();
        TabularRewardModelConfig judge = config.rewardModel() instanceof TabularRewardModelConfig tabular ? tabular
                : new TabularRewardModelConfig(null, null);
        KeyLockEnvironment environment = new KeyLockEnvironment(env.maxSteps());
        List<Task> tasks = new ArrayList<>(KeyLockDemo.pool(config.trainer().seed(), env.poolSize(), env.minDoors(),
                env.maxDoors()));
        return new RunComponents("keylock", environment, tasks, new KeyLockTaskCodec(),
                new TabularPolicy(policy.learningRate()),
                labelJudgeOr(config, new TabularJudge(judge.learningRate(), judge.invalidRate())),
                new KeyLockRewriter(),
                (iteration, evaluated, rewardModel, seed) -> KeyLockDemo.evaluate(evaluated, rewardModel, environment,
                        seed, env.minDoors(), env.maxDoors(), env.maxSteps()));
    }

    /** The label judge when {@code reward_model.kind} is {@code label}, else {@code judge}. */
    private static RewardModel labelJudgeOr(RunConfig config, RewardModel judge) {
        if (config.rewardModel() instanceof LabelRewardModelConfig label) {
            return new LabelJudge(label.flipProbability(), label.restrained());
        }
        return judge;
    }
}
