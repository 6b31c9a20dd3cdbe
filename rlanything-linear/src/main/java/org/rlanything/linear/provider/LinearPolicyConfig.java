package org.rlanything.linear.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.imitation.ImitationConfig;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.linear.Optimizer;
import org.rlanything.linear.StepSizing;

/**
 * {@code policy.kind: linear}: a softmax over the admissible commands of w·φ(state, command)/T,
 * with φ from the environment's {@code StepFeatures} hook (else hashed words of the command and of
 * observation × command word pairs); any environment that lists its commands.
 *
 * @param learningRate the optimizer's step size
 * @param optimizer {@code adam} (default) or {@code sgd}
 * @param optimizerSteps optimizer steps per iteration (U)
 * @param temperature T of the softmax
 * @param l2 λ of the weight penalty (λ/2)‖w‖² (0: none)
 * @param clip PPO's clip ε on the ratio to the sampling policy (0, default: the plain
 *     advantage-weighted log-likelihood; matters with optimizer_steps > 1)
 * @param hashDimension buckets of the hashed word features (used where the environment supplies no
 *     features)
 * @param init optional: a weights file ({@code linear-policy.json} of a checkpoint) to start from
 *     instead of zero weights (the uniform policy)
 * @param imitate whether the policy starts as a clone of the environment's solver where the
 *     environment offers one (its {@code Demonstrator} hook; a Python server's {@code
 *     /demonstrate}) and {@code init} names no file: behaviour cloning, then DAgger rounds (default
 *     true; false: from zero weights, the route without a demonstrator)
 * @param imitation the imitation's sizes
 * @param klToStart β of a penalty β·KL(π ‖ π_start) on the policy's update, π_start the policy the
 *     run started from (the clone, an {@code init} file, or the uniform policy): keeps RL from
 *     undoing a good start (default 0: none)
 * @param stepSizing how the steps are sized to the weights the policy starts from: {@code shared}
 *     (one step for every weight, the rate times their root mean square) or {@code per_weight} (the
 *     rate times each weight's own size); a start from zero weights takes the rate either way
 * @param entropyBonus α of a bonus α·H(π) on the policy's update, H the entropy of its choice at
 *     each trained step: keeps a clone of a deterministic solver soft enough that its rollouts
 *     differ (default 0: none)
 * @param entropyTarget H* of a floor on the bonus, in nats a step: the bonus pushes only while the
 *     mean entropy of the trained steps is below H*, so it cannot soften the policy without end
 *     (default 0: no floor, the bonus always pushes)
 */
public record LinearPolicyConfig(
        Double learningRate,
        String optimizer,
        Integer optimizerSteps,
        Double temperature,
        Double l2,
        Double clip,
        Integer hashDimension,
        String init,
        Boolean imitate,
        ImitationConfig imitation,
        Double klToStart,
        String stepSizing,
        Double entropyBonus,
        Double entropyTarget)
        implements PolicyConfig {

    /** Every key at its default. */
    public static final LinearPolicyConfig DEFAULTS =
            new LinearPolicyConfig(
                    null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null);

    public LinearPolicyConfig {
        learningRate = Check.positive("learning_rate", learningRate, 0.05, 100.0);
        optimizer = ChoiceKey.check("optimizer", optimizer, Optimizer.Kind.ADAM);
        optimizerSteps = Check.between("optimizer_steps", optimizerSteps, 1, 1, 1000);
        temperature = Check.positive("temperature", temperature, 1.0, 1000.0);
        l2 = Check.between("l2", l2, 0.0, 0.0, 100.0);
        clip = Check.between("clip", clip, 0.0, 0.0, 1.0);
        hashDimension = Check.between("hash_dimension", hashDimension, 1024, 1, 1 << 20);
        imitate = imitate == null || imitate;
        imitation = imitation == null ? ImitationConfig.DEFAULTS : imitation;
        klToStart = Check.between("kl_to_start", klToStart, 0.0, 0.0, 1000.0);
        stepSizing = ChoiceKey.check("step_sizing", stepSizing, StepSizing.SHARED);
        entropyBonus = Check.between("entropy_bonus", entropyBonus, 0.0, 0.0, 1000.0);
        entropyTarget = Check.between("entropy_target", entropyTarget, 0.0, 0.0, 100.0);
    }
}
