package org.rlanything.agent;

import java.nio.file.Path;
import java.util.Objects;
import org.rlanything.alfworld.rewrite.RewriteOperators;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * Everything an ALFWorld training run with the neural backend needs ({@link AlfworldExperiment}),
 * as one immutable value: the run's seed, starting models, length and evaluation cadence, and the
 * settings records of its sections, where every setting is declared once with its default and
 * meaning ({@link AlfworldEnvironmentConfig}, {@link AlgorithmConfig} with the ALFWorld sizes,
 * {@link NeuralPolicyConfig}, {@link NeuralRewardModelConfig}). The accessors below read those
 * records under the names the experiment uses; {@link #defaults(long)} is the embedded default.
 *
 * @param seed the run seed (games, loop, evaluation)
 * @param startingModels folder with {@code policy/} and {@code reward_model/} from {@code
 *     rlanything pretrain}; null: pretrain in-process with {@link PretrainSettings#defaults(long)}
 *     of the seed
 * @param iterations loop iterations T (a run config has its own)
 * @param evaluateEvery E (0: only before and after the run)
 * @param environment the {@code environment} section
 * @param algorithm the {@code algorithm} section
 * @param policy the {@code policy} section
 * @param rewardModel the {@code reward_model} section
 */
public record AgentSettings(
        long seed,
        Path startingModels,
        int iterations,
        int evaluateEvery,
        AlfworldEnvironmentConfig environment,
        AlgorithmConfig algorithm,
        NeuralPolicyConfig policy,
        NeuralRewardModelConfig rewardModel) {

    /** The {@code algorithm} section of an ALFWorld run that names none of its keys. */
    public static final AlgorithmConfig ALFWORLD_ALGORITHM =
            new AlgorithmConfig(
                    null,
                    AlfworldEnvironmentConfig.TASKS_PER_ITERATION,
                    AlfworldEnvironmentConfig.ROLLOUTS_PER_TASK,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null);

    public AgentSettings {
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(rewardModel, "rewardModel");
        if (iterations <= 0 || evaluateEvery < 0) {
            throw new IllegalArgumentException(
                    "iterations ("
                            + iterations
                            + ") must be > 0 and evaluate_every ("
                            + evaluateEvery
                            + ") >= 0.");
        }
    }

    /** The embedded default of seed {@code seed} (see the module README for how it was chosen). */
    public static AgentSettings defaults(long seed) {
        return builder().seed(seed).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.seed = seed;
        b.startingModels = startingModels;
        b.iterations = iterations;
        b.evaluateEvery = evaluateEvery;
        b.environment = environment;
        b.algorithm = algorithm;
        b.policy = policy;
        b.rewardModel = rewardModel;
        return b;
    }

    /** {@code arm} of the algorithm section. */
    public Ablation arm() {
        return algorithm.arm();
    }

    /** {@code poolSize} of the environment section. */
    public int poolSize() {
        return environment.poolSize();
    }

    /** {@code poolOffset} of the environment section. */
    public int poolOffset() {
        return environment.poolOffset();
    }

    /** {@code tasksPerIteration} of the algorithm section. */
    public int tasksPerIteration() {
        return algorithm.tasksPerIteration();
    }

    /** {@code rolloutsPerTask} of the algorithm section. */
    public int rolloutsPerTask() {
        return algorithm.rolloutsPerTask();
    }

    /** {@code maxSteps} of the environment section. */
    public int maxSteps() {
        return environment.maxSteps();
    }

    /** {@code verdictsPerStep} of the algorithm section. */
    public int verdictsPerStep() {
        return algorithm.verdictsPerStep();
    }

    /** {@code rewriterSamples} of the algorithm section. */
    public int rewriterSamples() {
        return algorithm.rewriterSamples();
    }

    /** {@code rewriteOperators} of the environment section. */
    public RewriteOperators rewriteOperators() {
        return environment.operators();
    }

    /** {@code learningRate} of the policy section. */
    public double policyLearningRate() {
        return policy.learningRate();
    }

    /** {@code optimizerSteps} of the policy section. */
    public int policyOptimizerSteps() {
        return policy.optimizerSteps();
    }

    /** {@code temperature} of the policy section. */
    public double policyTemperature() {
        return policy.temperature();
    }

    /** {@code learningRate} of the rewardModel section. */
    public double rewardModelLearningRate() {
        return rewardModel.learningRate();
    }

    /** {@code optimizerSteps} of the rewardModel section. */
    public int rewardModelOptimizerSteps() {
        return rewardModel.optimizerSteps();
    }

    /** {@code temperature} of the rewardModel section. */
    public double rewardModelTemperature() {
        return rewardModel.temperature();
    }

    /** {@code maxTokens} of the rewardModel section. */
    public int rewardModelMaxTokens() {
        return rewardModel.maxTokens();
    }

    /** {@code maxPromptTokens} of the policy section. */
    public int maxPromptTokens() {
        return policy.maxPromptTokens();
    }

    /** {@code maxTokensPerForward} of the policy section. */
    public int maxTokensPerForward() {
        return policy.maxTokensPerForward();
    }

    /** {@code evalGeneratedGames} of the environment section. */
    public int evalGeneratedGames() {
        return environment.evalGeneratedGames();
    }

    /** {@code evalRealGames} of the environment section. */
    public boolean evalRealGames() {
        return environment.evalRealGames();
    }

    /** {@code evalRollouts} of the environment section. */
    public int evalRollouts() {
        return environment.evalRollouts();
    }

    /** {@code evalMaxSteps} of the environment section. */
    public int evalMaxSteps() {
        return environment.evalMaxSteps();
    }

    /** {@code evalTemperature} of the environment section. */
    public double evalTemperature() {
        return environment.evalTemperature();
    }

    /** {@code evalVerdicts} of the environment section. */
    public int evalVerdicts() {
        return environment.evalVerdicts();
    }

    /**
     * Builder starting from the embedded defaults (each section's record with no key set); each
     * setter replaces one key of its section's record, which checks it; {@link #build()} validates
     * the rest.
     */
    public static final class Builder {
        private long seed = 10086;
        private Path startingModels;
        private int iterations = 20;
        private int evaluateEvery = 0;
        private AlfworldEnvironmentConfig environment = AlfworldEnvironmentConfig.DEFAULTS;
        private AlgorithmConfig algorithm = ALFWORLD_ALGORITHM;
        private NeuralPolicyConfig policy = NeuralPolicyConfig.DEFAULTS;
        private NeuralRewardModelConfig rewardModel = NeuralRewardModelConfig.DEFAULTS;

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder startingModels(Path v) {
            startingModels = v;
            return this;
        }

        public Builder iterations(int v) {
            iterations = v;
            return this;
        }

        public Builder evaluateEvery(int v) {
            evaluateEvery = v;
            return this;
        }

        /** Replaces the whole {@code environment} section. */
        public Builder environment(AlfworldEnvironmentConfig v) {
            environment = Objects.requireNonNull(v, "environment");
            return this;
        }

        /** Replaces the whole {@code algorithm} section. */
        public Builder algorithm(AlgorithmConfig v) {
            algorithm = Objects.requireNonNull(v, "algorithm");
            return this;
        }

        /** Replaces the whole {@code policy} section. */
        public Builder policy(NeuralPolicyConfig v) {
            policy = Objects.requireNonNull(v, "policy");
            return this;
        }

        /** Replaces the whole {@code reward_model} section. */
        public Builder rewardModel(NeuralRewardModelConfig v) {
            rewardModel = Objects.requireNonNull(v, "rewardModel");
            return this;
        }

        public Builder arm(Ablation v) {
            algorithm =
                    new AlgorithmConfig(
                            v,
                            algorithm.tasksPerIteration(),
                            algorithm.rolloutsPerTask(),
                            algorithm.verdictsPerStep(),
                            algorithm.lambda(),
                            algorithm.alphaLow(),
                            algorithm.alphaHigh(),
                            algorithm.policyBand(),
                            algorithm.rewardModelBand(),
                            algorithm.singleton(),
                            algorithm.rewriterSamples(),
                            algorithm.rewardModelWeighting());
            return this;
        }

        public Builder poolSize(int v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            v,
                            environment.poolOffset(),
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder poolOffset(int v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            v,
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder tasksPerIteration(int v) {
            algorithm =
                    new AlgorithmConfig(
                            algorithm.arm(),
                            v,
                            algorithm.rolloutsPerTask(),
                            algorithm.verdictsPerStep(),
                            algorithm.lambda(),
                            algorithm.alphaLow(),
                            algorithm.alphaHigh(),
                            algorithm.policyBand(),
                            algorithm.rewardModelBand(),
                            algorithm.singleton(),
                            algorithm.rewriterSamples(),
                            algorithm.rewardModelWeighting());
            return this;
        }

        public Builder rolloutsPerTask(int v) {
            algorithm =
                    new AlgorithmConfig(
                            algorithm.arm(),
                            algorithm.tasksPerIteration(),
                            v,
                            algorithm.verdictsPerStep(),
                            algorithm.lambda(),
                            algorithm.alphaLow(),
                            algorithm.alphaHigh(),
                            algorithm.policyBand(),
                            algorithm.rewardModelBand(),
                            algorithm.singleton(),
                            algorithm.rewriterSamples(),
                            algorithm.rewardModelWeighting());
            return this;
        }

        public Builder maxSteps(int v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            v,
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder verdictsPerStep(int v) {
            algorithm =
                    new AlgorithmConfig(
                            algorithm.arm(),
                            algorithm.tasksPerIteration(),
                            algorithm.rolloutsPerTask(),
                            v,
                            algorithm.lambda(),
                            algorithm.alphaLow(),
                            algorithm.alphaHigh(),
                            algorithm.policyBand(),
                            algorithm.rewardModelBand(),
                            algorithm.singleton(),
                            algorithm.rewriterSamples(),
                            algorithm.rewardModelWeighting());
            return this;
        }

        public Builder rewriterSamples(int v) {
            algorithm =
                    new AlgorithmConfig(
                            algorithm.arm(),
                            algorithm.tasksPerIteration(),
                            algorithm.rolloutsPerTask(),
                            algorithm.verdictsPerStep(),
                            algorithm.lambda(),
                            algorithm.alphaLow(),
                            algorithm.alphaHigh(),
                            algorithm.policyBand(),
                            algorithm.rewardModelBand(),
                            algorithm.singleton(),
                            v,
                            algorithm.rewardModelWeighting());
            return this;
        }

        public Builder rewriteOperators(RewriteOperators v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            v.key());
            return this;
        }

        public Builder policyLearningRate(double v) {
            policy =
                    new NeuralPolicyConfig(
                            v,
                            policy.optimizerSteps(),
                            policy.temperature(),
                            policy.maxPromptTokens(),
                            policy.maxTokensPerForward());
            return this;
        }

        public Builder policyOptimizerSteps(int v) {
            policy =
                    new NeuralPolicyConfig(
                            policy.learningRate(),
                            v,
                            policy.temperature(),
                            policy.maxPromptTokens(),
                            policy.maxTokensPerForward());
            return this;
        }

        public Builder policyTemperature(double v) {
            policy =
                    new NeuralPolicyConfig(
                            policy.learningRate(),
                            policy.optimizerSteps(),
                            v,
                            policy.maxPromptTokens(),
                            policy.maxTokensPerForward());
            return this;
        }

        public Builder rewardModelLearningRate(double v) {
            rewardModel =
                    new NeuralRewardModelConfig(
                            v,
                            rewardModel.optimizerSteps(),
                            rewardModel.temperature(),
                            rewardModel.maxTokens());
            return this;
        }

        public Builder rewardModelOptimizerSteps(int v) {
            rewardModel =
                    new NeuralRewardModelConfig(
                            rewardModel.learningRate(),
                            v,
                            rewardModel.temperature(),
                            rewardModel.maxTokens());
            return this;
        }

        public Builder rewardModelTemperature(double v) {
            rewardModel =
                    new NeuralRewardModelConfig(
                            rewardModel.learningRate(),
                            rewardModel.optimizerSteps(),
                            v,
                            rewardModel.maxTokens());
            return this;
        }

        public Builder rewardModelMaxTokens(int v) {
            rewardModel =
                    new NeuralRewardModelConfig(
                            rewardModel.learningRate(),
                            rewardModel.optimizerSteps(),
                            rewardModel.temperature(),
                            v);
            return this;
        }

        public Builder maxPromptTokens(int v) {
            policy =
                    new NeuralPolicyConfig(
                            policy.learningRate(),
                            policy.optimizerSteps(),
                            policy.temperature(),
                            v,
                            policy.maxTokensPerForward());
            return this;
        }

        public Builder maxTokensPerForward(int v) {
            policy =
                    new NeuralPolicyConfig(
                            policy.learningRate(),
                            policy.optimizerSteps(),
                            policy.temperature(),
                            policy.maxPromptTokens(),
                            v);
            return this;
        }

        public Builder evalGeneratedGames(int v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            environment.maxSteps(),
                            v,
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder evalRealGames(boolean v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            v,
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder evalRollouts(int v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            v,
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder evalMaxSteps(int v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            v,
                            environment.evalTemperature(),
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder evalTemperature(double v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            v,
                            environment.evalVerdicts(),
                            environment.rewriteOperators());
            return this;
        }

        public Builder evalVerdicts(int v) {
            environment =
                    new AlfworldEnvironmentConfig(
                            environment.poolSize(),
                            environment.poolOffset(),
                            environment.maxSteps(),
                            environment.evalGeneratedGames(),
                            environment.evalRealGames(),
                            environment.evalRollouts(),
                            environment.evalMaxSteps(),
                            environment.evalTemperature(),
                            v,
                            environment.rewriteOperators());
            return this;
        }

        public AgentSettings build() {
            return new AgentSettings(
                    seed,
                    startingModels,
                    iterations,
                    evaluateEvery,
                    environment,
                    algorithm,
                    policy,
                    rewardModel);
        }
    }
}
