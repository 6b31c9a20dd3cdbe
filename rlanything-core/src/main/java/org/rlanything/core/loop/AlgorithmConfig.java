package org.rlanything.core.loop;

import static org.rlanything.core.config.Advanced.Kind.EXPERIMENT_SWITCH;

import java.util.List;
import org.rlanything.core.adapt.AdaptationThresholds;
import org.rlanything.core.config.Advanced;
import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.reward.AccuracyBand;
import org.rlanything.core.reward.Integration;
import org.rlanything.core.reward.RewardModelWeighting;
import org.rlanything.core.reward.SingletonMode;

/**
 * The {@code algorithm} section: the ablation arm and the loop's sizes and thresholds (method.md
 * §1-§5), each declared once, here, with its default and range. Defaults are the reference's
 * text-game values; an environment kind may declare its own ({@code
 * EnvironmentProvider.algorithmDefaults}, an instance of this record), which the config loader lays
 * under a config's keys. {@link LoopConfig} reads the loop's settings from this record.
 *
 * @param arm which components learn: OUTCOME_ONLY, GRPO, POLICY, POLICY_REWARD, POLICY_REWARD_ENV,
 *     STEP_ONLY
 * @param tasksPerIteration K
 * @param rolloutsPerTask N
 * @param verdictsPerStep m
 * @param lambda λ
 * @param alphaLow α_low
 * @param alphaHigh α_high
 * @param policyBand task accuracies that feed policy samples, [low, high]
 * @param rewardModelBand task accuracies that feed reward-model samples, [low, high]
 * @param singleton what a step index reached by one trajectory gets: ZERO or RAW
 * @param rewriterSamples k
 * @param rewardModelWeighting how the judge's samples of a task are weighed: BALANCED (default: won
 *     and failed rollouts carry equal total weight; a project rule), STEP (the reference) or
 *     TRAJECTORY
 * @param integration how the outcome and the verdicts become a policy advantage: STEP_INDEX (the
 *     paper's, default) or SEPARATE (a project rule: outcome and verdicts with separate baselines)
 * @param verdictScale c, the weight of the centred verdict term under SEPARATE
 */
public record AlgorithmConfig(
        @Advanced(EXPERIMENT_SWITCH) Ablation arm,
        Integer tasksPerIteration,
        Integer rolloutsPerTask,
        Integer verdictsPerStep,
        Double lambda,
        Double alphaLow,
        Double alphaHigh,
        List<Double> policyBand,
        List<Double> rewardModelBand,
        @Advanced(EXPERIMENT_SWITCH) SingletonMode singleton,
        Integer rewriterSamples,
        @Advanced(EXPERIMENT_SWITCH) RewardModelWeighting rewardModelWeighting,
        @Advanced(EXPERIMENT_SWITCH) Integration integration,
        @Advanced(EXPERIMENT_SWITCH) Double verdictScale) {
    public AlgorithmConfig {
        arm = arm == null ? Ablation.POLICY_REWARD_ENV : arm;
        tasksPerIteration =
                Check.between("tasks_per_iteration", tasksPerIteration, 16, 1, Check.MAX_POOL);
        rolloutsPerTask = Check.between("rollouts_per_task", rolloutsPerTask, 8, 2, 1024);
        verdictsPerStep = Check.between("verdicts_per_step", verdictsPerStep, 3, 1, 64);
        lambda = Check.between("lambda", lambda, 1.0, 0.0, 10.0);
        alphaLow = Check.between("alpha_low", alphaLow, 0.2, 0.0, 1.0);
        alphaHigh = Check.between("alpha_high", alphaHigh, 0.8, 0.0, 1.0);
        if (alphaLow >= alphaHigh) {
            throw new InvalidValueException(
                    "alpha_high",
                    "expected a number above alpha_low (" + alphaLow + "), got " + alphaHigh + ".");
        }
        policyBand = Check.band("policy_band", policyBand, List.of(0.125, 0.875));
        rewardModelBand = Check.band("reward_model_band", rewardModelBand, List.of(0.2, 0.8));
        singleton = singleton == null ? SingletonMode.ZERO : singleton;
        rewriterSamples = Check.atLeast("rewriter_samples", rewriterSamples, 8, 1);
        rewardModelWeighting =
                rewardModelWeighting == null ? RewardModelWeighting.BALANCED : rewardModelWeighting;
        integration = integration == null ? Integration.STEP_INDEX : integration;
        verdictScale = Check.between("verdict_scale", verdictScale, 0.5, 0.0, 10.0);
    }

    /** Every key at its default. */
    public static AlgorithmConfig defaults() {
        return builder().build();
    }

    /** A builder with no key set (each key at its default unless set). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, to change a few keys. */
    public Builder toBuilder() {
        return new Builder()
                .arm(arm)
                .tasksPerIteration(tasksPerIteration)
                .rolloutsPerTask(rolloutsPerTask)
                .verdictsPerStep(verdictsPerStep)
                .lambda(lambda)
                .alphaLow(alphaLow)
                .alphaHigh(alphaHigh)
                .policyBand(policyBand)
                .rewardModelBand(rewardModelBand)
                .singleton(singleton)
                .rewriterSamples(rewriterSamples)
                .rewardModelWeighting(rewardModelWeighting)
                .integration(integration)
                .verdictScale(verdictScale);
    }

    /** α_low and α_high, the thresholds for rewriting and acceptance. */
    public AdaptationThresholds thresholds() {
        return new AdaptationThresholds(alphaLow, alphaHigh);
    }

    /** The task accuracies that feed policy samples. */
    public AccuracyBand policyAccuracyBand() {
        return new AccuracyBand(policyBand.get(0), policyBand.get(1));
    }

    /** The task accuracies that feed reward-model samples. */
    public AccuracyBand rewardModelAccuracyBand() {
        return new AccuracyBand(rewardModelBand.get(0), rewardModelBand.get(1));
    }

    /**
     * Sets keys of the section; a key left unset takes its default in {@link #build()}, which
     * checks every value.
     */
    public static final class Builder {
        private Ablation arm;
        private Integer tasksPerIteration;
        private Integer rolloutsPerTask;
        private Integer verdictsPerStep;
        private Double lambda;
        private Double alphaLow;
        private Double alphaHigh;
        private List<Double> policyBand;
        private List<Double> rewardModelBand;
        private SingletonMode singleton;
        private Integer rewriterSamples;
        private RewardModelWeighting rewardModelWeighting;
        private Integration integration;
        private Double verdictScale;

        private Builder() {}

        public Builder arm(Ablation value) {
            arm = value;
            return this;
        }

        public Builder tasksPerIteration(Integer value) {
            tasksPerIteration = value;
            return this;
        }

        public Builder rolloutsPerTask(Integer value) {
            rolloutsPerTask = value;
            return this;
        }

        public Builder verdictsPerStep(Integer value) {
            verdictsPerStep = value;
            return this;
        }

        public Builder lambda(Double value) {
            lambda = value;
            return this;
        }

        public Builder alphaLow(Double value) {
            alphaLow = value;
            return this;
        }

        public Builder alphaHigh(Double value) {
            alphaHigh = value;
            return this;
        }

        public Builder policyBand(List<Double> value) {
            policyBand = value;
            return this;
        }

        public Builder rewardModelBand(List<Double> value) {
            rewardModelBand = value;
            return this;
        }

        public Builder singleton(SingletonMode value) {
            singleton = value;
            return this;
        }

        public Builder rewriterSamples(Integer value) {
            rewriterSamples = value;
            return this;
        }

        public Builder rewardModelWeighting(RewardModelWeighting value) {
            rewardModelWeighting = value;
            return this;
        }

        public Builder integration(Integration value) {
            integration = value;
            return this;
        }

        public Builder verdictScale(Double value) {
            verdictScale = value;
            return this;
        }

        public AlgorithmConfig build() {
            return new AlgorithmConfig(
                    arm,
                    tasksPerIteration,
                    rolloutsPerTask,
                    verdictsPerStep,
                    lambda,
                    alphaLow,
                    alphaHigh,
                    policyBand,
                    rewardModelBand,
                    singleton,
                    rewriterSamples,
                    rewardModelWeighting,
                    integration,
                    verdictScale);
        }
    }
}
