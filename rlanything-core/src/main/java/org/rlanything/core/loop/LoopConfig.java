package org.rlanything.core.loop;

import java.util.Objects;
import org.rlanything.core.adapt.AdaptationThresholds;
import org.rlanything.core.reward.AccuracyBand;
import org.rlanything.core.reward.FeedbackMode;
import org.rlanything.core.reward.RewardModelWeighting;
import org.rlanything.core.reward.SingletonMode;

/**
 * The loop's settings (method.md §1-§5, §7). Defaults are the reference implementation's text-game
 * values: K = 16, N = 8, H = 40, m = 3, λ = 1, α = 0.2/0.8, k = 8 rewriter samples, evaluation
 * every 5 iterations, seed 10086, the full method (integrated feedback, trained reward model,
 * adapted tasks).
 *
 * @param seed the run seed; every random choice derives from it
 * @param tasksPerIteration K, active slots drawn per iteration
 * @param rolloutsPerTask N
 * @param maxSteps H, the step limit of a training rollout
 * @param verdictsPerStep m
 * @param lambda λ, the weight of the verdict term in the integrated reward
 * @param feedback what the policy's step reward is made of
 * @param trainRewardModel whether the reward model is updated (false: frozen)
 * @param adaptEnvironment whether tasks are rewritten (false: fixed tasks)
 * @param thresholds α_low and α_high for rewriting and acceptance
 * @param policyBand which task accuracies feed policy samples ([R] text games: 1/8..7/8)
 * @param rewardModelBand which task accuracies feed reward-model samples (0.2..0.8)
 * @param singleton what a step index reached by one trajectory gets
 * @param rewriterSamples k, rewrite attempts per triggered task
 * @param evaluateEvery E, evaluate every E iterations (0: never)
 * @param rewardModelWeighting how the reward model's samples of a task are weighed (default
 *     BALANCED)
 */
public record LoopConfig(
        long seed,
        int tasksPerIteration,
        int rolloutsPerTask,
        int maxSteps,
        int verdictsPerStep,
        double lambda,
        FeedbackMode feedback,
        boolean trainRewardModel,
        boolean adaptEnvironment,
        AdaptationThresholds thresholds,
        AccuracyBand policyBand,
        AccuracyBand rewardModelBand,
        SingletonMode singleton,
        int rewriterSamples,
        int evaluateEvery,
        RewardModelWeighting rewardModelWeighting) {

    public LoopConfig {
        positive("tasks_per_iteration", tasksPerIteration);
        positive("rollouts_per_task", rolloutsPerTask);
        positive("max_steps", maxSteps);
        positive("verdicts_per_step", verdictsPerStep);
        positive("rewriter_samples", rewriterSamples);
        if (!(lambda >= 0) || Double.isInfinite(lambda)) {
            throw new IllegalArgumentException(
                    "lambda (" + lambda + ") must be a finite number >= 0.");
        }
        if (evaluateEvery < 0) {
            throw new IllegalArgumentException(
                    "evaluate_every (" + evaluateEvery + ") must be >= 0 (0 = never).");
        }
        Objects.requireNonNull(feedback, "feedback");
        Objects.requireNonNull(thresholds, "thresholds");
        Objects.requireNonNull(policyBand, "policyBand");
        Objects.requireNonNull(rewardModelBand, "rewardModelBand");
        Objects.requireNonNull(singleton, "singleton");
        Objects.requireNonNull(rewardModelWeighting, "rewardModelWeighting");
    }

    private static void positive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " (" + value + ") must be > 0.");
        }
    }

    /** Whether this configuration needs the reward model's judgments at all. */
    public boolean needsJudgments() {
        return feedback.usesVerdicts() || trainRewardModel || adaptEnvironment;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder()
                .seed(seed)
                .tasksPerIteration(tasksPerIteration)
                .rolloutsPerTask(rolloutsPerTask)
                .maxSteps(maxSteps)
                .verdictsPerStep(verdictsPerStep)
                .lambda(lambda)
                .feedback(feedback)
                .trainRewardModel(trainRewardModel)
                .adaptEnvironment(adaptEnvironment)
                .thresholds(thresholds)
                .policyBand(policyBand)
                .rewardModelBand(rewardModelBand)
                .singleton(singleton)
                .rewriterSamples(rewriterSamples)
                .evaluateEvery(evaluateEvery)
                .rewardModelWeighting(rewardModelWeighting);
    }

    /**
     * Builder with the text-game defaults, read from where they are declared ({@link
     * AlgorithmConfig}); {@link #build()} validates.
     */
    public static final class Builder {
        private static final AlgorithmConfig DEFAULTS = AlgorithmConfig.defaults();
        private long seed = 10086;
        private int tasksPerIteration = DEFAULTS.tasksPerIteration();
        private int rolloutsPerTask = DEFAULTS.rolloutsPerTask();
        private int maxSteps = 40;
        private int verdictsPerStep = DEFAULTS.verdictsPerStep();
        private double lambda = DEFAULTS.lambda();
        private FeedbackMode feedback = FeedbackMode.INTEGRATED;
        private boolean trainRewardModel = true;
        private boolean adaptEnvironment = true;
        private AdaptationThresholds thresholds =
                new AdaptationThresholds(DEFAULTS.alphaLow(), DEFAULTS.alphaHigh());
        private AccuracyBand policyBand =
                new AccuracyBand(DEFAULTS.policyBand().get(0), DEFAULTS.policyBand().get(1));
        private AccuracyBand rewardModelBand =
                new AccuracyBand(
                        DEFAULTS.rewardModelBand().get(0), DEFAULTS.rewardModelBand().get(1));
        private SingletonMode singleton = DEFAULTS.singleton();
        private int rewriterSamples = DEFAULTS.rewriterSamples();
        private int evaluateEvery = 5;
        private RewardModelWeighting rewardModelWeighting = DEFAULTS.rewardModelWeighting();

        public Builder seed(long value) {
            seed = value;
            return this;
        }

        public Builder tasksPerIteration(int value) {
            tasksPerIteration = value;
            return this;
        }

        public Builder rolloutsPerTask(int value) {
            rolloutsPerTask = value;
            return this;
        }

        public Builder maxSteps(int value) {
            maxSteps = value;
            return this;
        }

        public Builder verdictsPerStep(int value) {
            verdictsPerStep = value;
            return this;
        }

        public Builder lambda(double value) {
            lambda = value;
            return this;
        }

        public Builder feedback(FeedbackMode value) {
            feedback = value;
            return this;
        }

        public Builder trainRewardModel(boolean value) {
            trainRewardModel = value;
            return this;
        }

        public Builder adaptEnvironment(boolean value) {
            adaptEnvironment = value;
            return this;
        }

        public Builder thresholds(AdaptationThresholds value) {
            thresholds = value;
            return this;
        }

        public Builder policyBand(AccuracyBand value) {
            policyBand = value;
            return this;
        }

        public Builder rewardModelBand(AccuracyBand value) {
            rewardModelBand = value;
            return this;
        }

        public Builder singleton(SingletonMode value) {
            singleton = value;
            return this;
        }

        public Builder rewriterSamples(int value) {
            rewriterSamples = value;
            return this;
        }

        public Builder evaluateEvery(int value) {
            evaluateEvery = value;
            return this;
        }

        public Builder rewardModelWeighting(RewardModelWeighting value) {
            rewardModelWeighting = value;
            return this;
        }

        public Builder ablation(Ablation arm) {
            return arm.applyTo(this);
        }

        public LoopConfig build() {
            return new LoopConfig(
                    seed,
                    tasksPerIteration,
                    rolloutsPerTask,
                    maxSteps,
                    verdictsPerStep,
                    lambda,
                    feedback,
                    trainRewardModel,
                    adaptEnvironment,
                    thresholds,
                    policyBand,
                    rewardModelBand,
                    singleton,
                    rewriterSamples,
                    evaluateEvery,
                    rewardModelWeighting);
        }
    }
}
