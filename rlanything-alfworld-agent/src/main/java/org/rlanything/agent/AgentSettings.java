package org.rlanything.agent;

import java.nio.file.Path;
import java.util.Objects;
import org.rlanything.alfworld.rewrite.RewriteOperators;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * Everything an ALFWorld training run with the neural backend needs ({@link AlfworldExperiment}), as one
 * immutable value the CLI can fill from YAML. {@link #defaults(long)} is the embedded default: the full
 * method in miniature, sized so that a run with evaluation fits in 15 minutes on two cores.
 *
 * @param seed the run seed (games, loop, evaluation)
 * @param startingModels folder with {@code policy/} and {@code reward_model/} from {@code rlanything pretrain};
 *     null: pretrain in-process with {@link PretrainSettings#defaults(long)} of the seed
 * @param arm the ablation arm ({@link Ablation#POLICY_REWARD_ENV} is the full method)
 * @param poolSize slots of the task pool (generated training games)
 * @param poolOffset the index of the pool's first game in the seed's training stream (games before it feed
 *     the starting models)
 * @param iterations loop iterations T
 * @param tasksPerIteration K
 * @param rolloutsPerTask N
 * @param maxSteps H, the training step limit
 * @param verdictsPerStep m
 * @param rewriterSamples k
 * @param rewriteOperators the rewrites the ALFWorld rewriter makes ({@link RewriteOperators#TYPE_SWAP}: the
 *     reference's type swap of the slot's original game)
 * @param policyLearningRate the policy's AdamW learning rate
 * @param policyOptimizerSteps U of the policy
 * @param policyTemperature the policy's sampling temperature in training rollouts
 * @param rewardModelLearningRate the reward model's learning rate
 * @param rewardModelOptimizerSteps U of the reward model
 * @param rewardModelTemperature the reward model's sampling temperature
 * @param rewardModelMaxTokens the longest judgment
 * @param maxPromptTokens prompt limit (must match the starting models' positions)
 * @param maxTokensPerForward padded tokens per forward pass (memory bound)
 * @param evaluateEvery E (0: only before and after the run)
 * @param evalGeneratedGames held-out generated games evaluated
 * @param evalRealGames whether the 48 real games are evaluated
 * @param evalRollouts rollouts per evaluated game
 * @param evalMaxSteps the evaluation step limit (50)
 * @param evalTemperature the policy's temperature in evaluation
 * @param evalVerdicts verdicts per step for the reward-model metrics (0: none)
 */
public record AgentSettings(long seed, Path startingModels, Ablation arm, int poolSize, int poolOffset, int iterations,
                            int tasksPerIteration, int rolloutsPerTask, int maxSteps, int verdictsPerStep,
                            int rewriterSamples, RewriteOperators rewriteOperators, double policyLearningRate, int policyOptimizerSteps,
                            double policyTemperature, double rewardModelLearningRate, int rewardModelOptimizerSteps,
                            double rewardModelTemperature, int rewardModelMaxTokens, int maxPromptTokens,
                            int maxTokensPerForward, int evaluateEvery, int evalGeneratedGames, boolean evalRealGames,
                            int evalRollouts, int evalMaxSteps, double evalTemperature, int evalVerdicts) {

    public AgentSettings {
        Objects.requireNonNull(arm, "arm");
        Objects.requireNonNull(rewriteOperators, "rewriteOperators");
        positive("pool_size", poolSize);
        positive("iterations", iterations);
        positive("tasks_per_iteration", tasksPerIteration);
        positive("rollouts_per_task", rolloutsPerTask);
        positive("max_steps", maxSteps);
        positive("verdicts_per_step", verdictsPerStep);
        positive("rewriter_samples", rewriterSamples);
        positive("policy_optimizer_steps", policyOptimizerSteps);
        positive("reward_model_optimizer_steps", rewardModelOptimizerSteps);
        positive("reward_model_max_tokens", rewardModelMaxTokens);
        positive("max_prompt_tokens", maxPromptTokens);
        positive("max_tokens_per_forward", maxTokensPerForward);
        positive("eval_rollouts", evalRollouts);
        positive("eval_max_steps", evalMaxSteps);
        if (poolOffset < 0 || evaluateEvery < 0 || evalGeneratedGames < 0 || evalVerdicts < 0) {
            throw new IllegalArgumentException("pool_offset (" + poolOffset + "), evaluate_every (" + evaluateEvery
                    + "), eval_generated_games (" + evalGeneratedGames + ") and eval_verdicts (" + evalVerdicts
                    + ") must be >= 0.");
        }
        for (double lr : new double[] {policyLearningRate, rewardModelLearningRate}) {
            if (!(lr > 0) || Double.isInfinite(lr)) {
                throw new IllegalArgumentException("Learning rates must be finite and > 0, got " + lr + ".");
            }
        }
        for (double t : new double[] {policyTemperature, rewardModelTemperature, evalTemperature}) {
            if (!(t >= 0) || Double.isInfinite(t)) {
                throw new IllegalArgumentException("Temperatures must be finite and >= 0, got " + t + ".");
            }
        }
    }

    private static void positive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " (" + value + ") must be > 0.");
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
        b.arm = arm;
        b.poolSize = poolSize;
        b.poolOffset = poolOffset;
        b.iterations = iterations;
        b.tasksPerIteration = tasksPerIteration;
        b.rolloutsPerTask = rolloutsPerTask;
        b.maxSteps = maxSteps;
        b.verdictsPerStep = verdictsPerStep;
        b.rewriterSamples = rewriterSamples;
        b.rewriteOperators = rewriteOperators;
        b.policyLearningRate = policyLearningRate;
        b.policyOptimizerSteps = policyOptimizerSteps;
        b.policyTemperature = policyTemperature;
        b.rewardModelLearningRate = rewardModelLearningRate;
        b.rewardModelOptimizerSteps = rewardModelOptimizerSteps;
        b.rewardModelTemperature = rewardModelTemperature;
        b.rewardModelMaxTokens = rewardModelMaxTokens;
        b.maxPromptTokens = maxPromptTokens;
        b.maxTokensPerForward = maxTokensPerForward;
        b.evaluateEvery = evaluateEvery;
        b.evalGeneratedGames = evalGeneratedGames;
        b.evalRealGames = evalRealGames;
        b.evalRollouts = evalRollouts;
        b.evalMaxSteps = evalMaxSteps;
        b.evalTemperature = evalTemperature;
        b.evalVerdicts = evalVerdicts;
        return b;
    }

    /**
     * Builder holding the embedded defaults, read from where each setting is declared (the
     * {@code alfworld} environment's and the neural models' settings records); {@link #build()} validates.
     */
    public static final class Builder {
        private static final AlfworldEnvironmentConfig ENV = AlfworldEnvironmentConfig.DEFAULTS;
        private static final AlgorithmConfig ALGORITHM = AlgorithmConfig.defaults();
        private static final NeuralPolicyConfig POLICY = NeuralPolicyConfig.DEFAULTS;
        private static final NeuralRewardModelConfig JUDGE = NeuralRewardModelConfig.DEFAULTS;

        private long seed = 10086;
        private Path startingModels;
        private Ablation arm = Ablation.POLICY_REWARD_ENV;
        private int poolSize = ENV.poolSize();
        private int poolOffset = ENV.poolOffset();
        private int iterations = 20;
        private int tasksPerIteration = AlfworldEnvironmentConfig.TASKS_PER_ITERATION;
        private int rolloutsPerTask = AlfworldEnvironmentConfig.ROLLOUTS_PER_TASK;
        private int maxSteps = ENV.maxSteps();
        private int verdictsPerStep = ALGORITHM.verdictsPerStep();
        private int rewriterSamples = ALGORITHM.rewriterSamples();
        private RewriteOperators rewriteOperators = ENV.operators();
        private double policyLearningRate = POLICY.learningRate();
        private int policyOptimizerSteps = POLICY.optimizerSteps();
        private double policyTemperature = POLICY.temperature();
        private double rewardModelLearningRate = JUDGE.learningRate();
        private int rewardModelOptimizerSteps = JUDGE.optimizerSteps();
        private double rewardModelTemperature = JUDGE.temperature();
        private int rewardModelMaxTokens = JUDGE.maxTokens();
        private int maxPromptTokens = POLICY.maxPromptTokens();
        private int maxTokensPerForward = POLICY.maxTokensPerForward();
        private int evaluateEvery = 0;
        private int evalGeneratedGames = ENV.evalGeneratedGames();
        private boolean evalRealGames = ENV.evalRealGames();
        private int evalRollouts = ENV.evalRollouts();
        private int evalMaxSteps = ENV.evalMaxSteps();
        private double evalTemperature = ENV.evalTemperature();
        private int evalVerdicts = ENV.evalVerdicts();

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder startingModels(Path v) {
            startingModels = v;
            return this;
        }

        public Builder arm(Ablation v) {
            arm = v;
            return this;
        }

        public Builder poolSize(int v) {
            poolSize = v;
            return this;
        }

        public Builder poolOffset(int v) {
            poolOffset = v;
            return this;
        }

        public Builder iterations(int v) {
            iterations = v;
            return this;
        }

        public Builder tasksPerIteration(int v) {
            tasksPerIteration = v;
            return this;
        }

        public Builder rolloutsPerTask(int v) {
            rolloutsPerTask = v;
            return this;
        }

        public Builder maxSteps(int v) {
            maxSteps = v;
            return this;
        }

        public Builder verdictsPerStep(int v) {
            verdictsPerStep = v;
            return this;
        }

        public Builder rewriterSamples(int v) {
            rewriterSamples = v;
            return this;
        }

        public Builder rewriteOperators(RewriteOperators v) {
            rewriteOperators = v;
            return this;
        }

        public Builder policyLearningRate(double v) {
            policyLearningRate = v;
            return this;
        }

        public Builder policyOptimizerSteps(int v) {
            policyOptimizerSteps = v;
            return this;
        }

        public Builder policyTemperature(double v) {
            policyTemperature = v;
            return this;
        }

        public Builder rewardModelLearningRate(double v) {
            rewardModelLearningRate = v;
            return this;
        }

        public Builder rewardModelOptimizerSteps(int v) {
            rewardModelOptimizerSteps = v;
            return this;
        }

        public Builder rewardModelTemperature(double v) {
            rewardModelTemperature = v;
            return this;
        }

        public Builder rewardModelMaxTokens(int v) {
            rewardModelMaxTokens = v;
            return this;
        }

        public Builder maxPromptTokens(int v) {
            maxPromptTokens = v;
            return this;
        }

        public Builder maxTokensPerForward(int v) {
            maxTokensPerForward = v;
            return this;
        }

        public Builder evaluateEvery(int v) {
            evaluateEvery = v;
            return this;
        }

        public Builder evalGeneratedGames(int v) {
            evalGeneratedGames = v;
            return this;
        }

        public Builder evalRealGames(boolean v) {
            evalRealGames = v;
            return this;
        }

        public Builder evalRollouts(int v) {
            evalRollouts = v;
            return this;
        }

        public Builder evalMaxSteps(int v) {
            evalMaxSteps = v;
            return this;
        }

        public Builder evalTemperature(double v) {
            evalTemperature = v;
            return this;
        }

        public Builder evalVerdicts(int v) {
            evalVerdicts = v;
            return this;
        }

        public AgentSettings build() {
            return new AgentSettings(seed, startingModels, arm, poolSize, poolOffset, iterations, tasksPerIteration,
                    rolloutsPerTask, maxSteps, verdictsPerStep, rewriterSamples, rewriteOperators, policyLearningRate,
                    policyOptimizerSteps, policyTemperature, rewardModelLearningRate, rewardModelOptimizerSteps,
                    rewardModelTemperature, rewardModelMaxTokens, maxPromptTokens, maxTokensPerForward, evaluateEvery,
                    evalGeneratedGames, evalRealGames, evalRollouts, evalMaxSteps, evalTemperature, evalVerdicts);
        }
    }
}
