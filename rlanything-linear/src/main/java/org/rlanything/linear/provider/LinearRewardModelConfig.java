package org.rlanything.linear.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.linear.Optimizer;

/**
 * {@code reward_model.kind: linear}: a logistic judge, p(GOOD) = σ(v·ψ(before, command, after)),
 * with ψ from the environment's {@code StepFeatures} hook (else hashed words); m verdicts drawn
 * Bernoulli(p); trained by REINFORCE on the consistency advantages. Zero weights (chance) at the
 * start unless {@code init} names a weights file.
 *
 * @param learningRate the optimizer's step size
 * @param optimizer {@code adam} (default) or {@code sgd}
 * @param optimizerSteps optimizer steps per iteration
 * @param l2 λ of the weight penalty (λ/2)‖v‖² (0: none)
 * @param hashDimension buckets of the hashed word features (used where the environment supplies no
 *     features)
 * @param init optional: a weights file ({@code linear-judge.json} of a checkpoint) to start from
 *     instead of zero weights
 * @param warmStart whether the judge starts from the environment's step labels where the linear
 *     policy imitates a solver (logistic regression on the labelled steps of the imitation's
 *     episodes, GOOD and BAD weighed equally) and {@code init} names no file (default true)
 * @param temperature T of the verdicts' draw, p(GOOD) = σ(v·ψ/T) (default 1; above 1: a sure
 *     judge's verdicts disagree more often, which is what its training learns from)
 */
public record LinearRewardModelConfig(
        Double learningRate,
        String optimizer,
        Integer optimizerSteps,
        Double l2,
        Integer hashDimension,
        String init,
        Boolean warmStart,
        Double temperature)
        implements RewardModelConfig {

    /** Every key at its default. */
    public static final LinearRewardModelConfig DEFAULTS =
            new LinearRewardModelConfig(null, null, null, null, null, null, null, null);

    public LinearRewardModelConfig {
        learningRate = Check.positive("learning_rate", learningRate, 0.05, 100.0);
        optimizer = ChoiceKey.check("optimizer", optimizer, Optimizer.Kind.ADAM);
        optimizerSteps = Check.between("optimizer_steps", optimizerSteps, 1, 1, 1000);
        l2 = Check.between("l2", l2, 0.0, 0.0, 100.0);
        hashDimension = Check.between("hash_dimension", hashDimension, 1024, 1, 1 << 20);
        warmStart = warmStart == null || warmStart;
        temperature = Check.positive("temperature", temperature, 1.0, 1000.0);
    }
}
