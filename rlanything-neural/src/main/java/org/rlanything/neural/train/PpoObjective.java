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
 */
public final class PpoObjective {

    private final double epsilon;
    private final double beta;
    private final double clamp;

    public PpoObjective(double epsilon, double beta, double clamp) {
        this.epsilon = epsilon;
        this.beta = beta;
        this.clamp = clamp;
    }

    public static PpoObjective of(PpoSettings c) {
        return new PpoObjective(c.clipEpsilon(), c.klBeta(), c.deltaClamp());
    }

    /**
     * The terms on arrays of one shape {@code [R, W]} ({@code advantage} may be {@code [R, 1]}).
     * Non-response positions must have weight 0 and finite {@code logp}, {@code old}.
     */
    public Terms terms(NDArray logp, NDArray old, NDArray advantage, NDArray weight) {
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
        NDArray clipped =
                surr2.lt(surr1)
                        .toType(weight.getDataType(), false)
                        .mul(weight.gt(0).toType(weight.getDataType(), false))
                        .sum();
        return new Terms(loss, pg, kl, clipped);
    }

    /**
     * Sums over the batch (divide by the minibatch's sample count for its mean).
     *
     * @param loss Σ over samples of the sample loss (differentiable)
     * @param pgLoss Σ over samples of −mean_t surr
     * @param k3 Σ over samples of mean_t k3 (without β)
     * @param clippedTokens number of response tokens where the clipped branch is the minimum
     */
    public record Terms(NDArray loss, NDArray pgLoss, NDArray k3, NDArray clippedTokens) {}
}
