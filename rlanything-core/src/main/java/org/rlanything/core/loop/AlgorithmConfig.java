package org.rlanything.core.loop;

import java.util.List;
import org.rlanything.core.adapt.AdaptationThresholds;
import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.reward.AccuracyBand;
import org.rlanything.core.reward.RewardModelWeighting;
import org.rlanything.core.reward.SingletonMode;

/**
 * The {@code algorithm} section: the ablation arm and the loop's sizes and thresholds (method.md
 * §1-§5). Defaults are the reference's text-game values; an environment kind may declare its own
 * sizes ({@code EnvironmentProvider.algorithmDefaults}), which the config loader lays under a
 * config's keys.
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
 */
public record AlgorithmConfig(
        Ablation arm,
        Integer tasksPerIteration,
        Integer rolloutsPerTask,
        Integer verdictsPerStep,
        Double lambda,
        Double alphaLow,
        Double alphaHigh,
        List<Double> policyBand,
        List<Double> rewardModelBand,
        SingletonMode singleton,
        Integer rewriterSamples,
        RewardModelWeighting rewardModelWeighting) {
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
    }

    /** Every key at its default. */
    public static AlgorithmConfig defaults() {
        return new AlgorithmConfig(
                null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /**
     * The loop's settings from this section, the run seed, E and the environment's step limit H.
     */
    public LoopConfig toLoopConfig(long seed, int evaluateEvery, int maxSteps) {
        return LoopConfig.builder()
                .seed(seed)
                .tasksPerIteration(tasksPerIteration)
                .rolloutsPerTask(rolloutsPerTask)
                .maxSteps(maxSteps)
                .verdictsPerStep(verdictsPerStep)
                .lambda(lambda)
                .ablation(arm)
                .thresholds(new AdaptationThresholds(alphaLow, alphaHigh))
                .policyBand(new AccuracyBand(policyBand.get(0), policyBand.get(1)))
                .rewardModelBand(new AccuracyBand(rewardModelBand.get(0), rewardModelBand.get(1)))
                .singleton(singleton)
                .rewriterSamples(rewriterSamples)
                .evaluateEvery(evaluateEvery)
                .rewardModelWeighting(rewardModelWeighting)
                .build();
    }
}
