package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import org.rlanything.neural.model.ScalarArrays;

/**
 * The per-token PPO-clip surrogate plus k3 penalty of method.md §3, on padded batches.
 *
 * <p><b>What it computes.</b> For token log-probabilities {@code logp} under the model being
 * trained and {@code old} under the pre-update model: δ = clamp(logp − old, −c, c); ρ = exp(δ);
 * surr = min(ρA, clip(ρ, 1−ε, 1+ε)A); k3 = exp(−δ) − 1 + δ. A sample's loss is −mean_t surr +
 * β·mean_t k3 over its T response tokens; the caller passes {@code weight} = 1/T on response tokens
 * and 0 elsewhere, so {@code Σ weight·term} is a per-sample token mean and every sample counts the
 * same whatever its length. Clamping δ stops gradients outside [−c, c] (PyTorch's clamp).
 *
 * <p><b>Why k3.</b> With r = π_old/π_θ, k3 = r − 1 − log r is an unbiased, always non-negative
 * estimate of KL(π_θ‖π_old) from samples of π_θ; it and its gradient vanish at δ = 0, so the
 * penalty only acts once the model has moved away from the pre-update model (after the iteration's
 * first minibatch).
 *
 * <p><b>The anchor to the starting model ({@code kl_to_start}, β_ref; a project rule, off by
 * default).</b> With log-probabilities {@code ref} under the model as the run started (π_ref,
 * frozen), the sample loss gains β_ref·mean_t k3_ref, k3_ref = exp(−δ_ref) − 1 + δ_ref with δ_ref =
 * clamp(logp − ref, −c, c): the same unbiased, non-negative k3 estimate, now of KL(π_θ‖π_ref), as
 * verl's {@code use_kl_loss} with a frozen reference (GRPO). Its gradient on a token's logp is
 * β_ref·(1 − exp(−δ_ref))/T: it pulls each trained token back towards its starting probability in
 * proportion to how far it has moved, whatever the advantage says. Why: the penalty against π_old
 * restarts at zero every iteration, so it bounds one update's step but not the drift of many; on
 * ALFWorld the co-trained judge drifts (its balanced accuracy on the policy's rollouts falls from
 * about 0.83 to 0.77 over 20 iterations as the consistency reward of won trajectories pushes it
 * towards +1 on bad steps), and β_ref keeps it near the judge it started as, whose verdicts were
 * measured good. The clamp is the one δ has (as verl clamps its low-variance KL): a token whose
 * probability moved by more than e^c from the start stops being pulled rather than blowing up.
 */
public final class PpoObjective {

    private final double epsilon;
    private final double beta;
    private final double clamp;
    private final double betaRef;

    public PpoObjective(double epsilon, double beta, double clamp) {
        this(epsilon, beta, clamp, 0.0);
    }

    /** With the anchor's weight {@code betaRef} (β_ref ≥ 0; 0: no anchor term). */
    public PpoObjective(double epsilon, double beta, double clamp, double betaRef) {
        this.epsilon = epsilon;
        this.beta = beta;
        this.clamp = clamp;
        this.betaRef = betaRef;
    }

    public static PpoObjective of(PpoSettings c) {
        return new PpoObjective(c.clipEpsilon(), c.klBeta(), c.deltaClamp(), c.klToStart());
    }

    /**
     * The terms on arrays of one shape {@code [R, W]} ({@code advantage} may be {@code [R, 1]}).
     * Non-response positions must have weight 0 and finite {@code logp}, {@code old}.
     */
    public Terms terms(NDArray logp, NDArray old, NDArray advantage, NDArray weight) {
        return terms(logp, old, null, advantage, weight);
    }

    /**
     * As {@link #terms(NDArray, NDArray, NDArray, NDArray)}, with {@code ref} (same shape: log
     * π_ref, the starting model's) adding the anchor β_ref·k3_ref; {@code ref} null: no anchor term
     * (the loss is then computed by exactly the same operations as without one).
     */
    public Terms terms(NDArray logp, NDArray old, NDArray ref, NDArray advantage, NDArray weight) {
        // ScalarArrays live in the caller's per-step manager until after the backward pass (see
        // ScalarArrays).
        NDManager m = weight.getManager();
        DataType dt = weight.getDataType();
        NDArray delta = logp.sub(old).clip(-clamp, clamp);
        NDArray ratio = delta.exp();
        NDArray surr1 = ratio.mul(advantage);
        NDArray surr2 = ratio.clip(1 - epsilon, 1 + epsilon).mul(advantage);
        NDArray surr = surr1.minimum(surr2);
        NDArray k3 = delta.neg().exp().sub(ScalarArrays.of(m, dt, 1.0)).add(delta);
        NDArray pg = surr.mul(weight).sum().neg();
        NDArray kl = k3.mul(weight).sum();
        NDArray loss = pg.add(kl.mul(ScalarArrays.of(m, dt, beta)));
        NDArray klToStart = null;
        if (ref != null) {
            NDArray deltaRef = logp.sub(ref).clip(-clamp, clamp);
            NDArray k3Ref = deltaRef.neg().exp().sub(ScalarArrays.of(m, dt, 1.0)).add(deltaRef);
            klToStart = k3Ref.mul(weight).sum();
            loss = loss.add(klToStart.mul(ScalarArrays.of(m, dt, betaRef)));
        }
        NDArray clipped =
                surr2.lt(surr1)
                        .toType(weight.getDataType(), false)
                        .mul(weight.gt(0).toType(weight.getDataType(), false))
                        .sum();
        return new Terms(loss, pg, kl, clipped, klToStart);
    }

    /**
     * Sums over the batch (divide by the minibatch's sample count for its mean).
     *
     * @param loss Σ over samples of the sample loss (differentiable)
     * @param pgLoss Σ over samples of −mean_t surr
     * @param k3 Σ over samples of mean_t k3 (without β)
     * @param clippedTokens number of response tokens where the clipped branch is the minimum
     * @param k3ToStart Σ over samples of mean_t k3_ref (without β_ref); null without {@code ref}
     */
    public record Terms(
            NDArray loss, NDArray pgLoss, NDArray k3, NDArray clippedTokens, NDArray k3ToStart) {}
}
