package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;

/**
 * Gradient recording for the calling thread only.
 *
 * <p>Why not DJL's {@code GradientCollector}: it allows one open collector per JVM (a static flag),
 * so two runs training side by side in one process ({@code bench ablation --workers}) would fail.
 * PyTorch's grad mode itself is per thread, and a new thread starts with it on; so {@link
 * #record()} turns it on for this thread only and {@link #close()} turns it off again, and {@link
 * #off()} is called at every entry point of a model (sampling, scoring, training) so that sampling
 * builds no graph and the optimizer may update the weights in place in any thread.
 */
public final class Autograd implements AutoCloseable {

    private Autograd() {}

    /** Starts recording operations of this thread for a backward pass. */
    public static Autograd record() {
        JniUtils.setGradMode(true);
        Flops.recording(true);
        return new Autograd();
    }

    /** Turns recording off for this thread (a no-op when it already is). */
    public static void off() {
        JniUtils.setGradMode(false);
        Flops.recording(false);
    }

    /**
     * Accumulates d{@code loss}/d(parameters) into the parameters' gradients; {@code loss} is a
     * scalar.
     */
    public void backward(NDArray loss) {
        NDArray seed = loss.getManager().ones(loss.getShape(), loss.getDataType());
        JniUtils.backward((PtNDArray) loss, (PtNDArray) seed, false, false);
    }

    /**
     * Accumulates the gradients that {@code seed}, the gradient of a loss with respect to {@code
     * output}, gives the parameters (and the recorded leaves) that {@code output} was computed
     * from.
     */
    public void backward(NDArray output, NDArray seed) {
        JniUtils.backward((PtNDArray) output, (PtNDArray) seed, false, false);
    }

    /**
     * A copy of the gradient PyTorch holds for {@code leaf}, in {@code leaf}'s manager; zeros when
     * none reached it.
     */
    public static NDArray gradient(NDArray leaf) {
        off();
        if (!hasGradient(leaf)) {
            return leaf.getManager().zeros(leaf.getShape(), leaf.getDataType());
        }
        try (NDArray g = leaf.getGradient()) {
            return g.duplicate();
        }
    }

    /**
     * Whether PyTorch holds a gradient for this parameter (it creates one in the first backward
     * pass that reaches it); DJL's {@code getGradient()} returns a detached array of zeros when it
     * does not.
     */
    public static boolean hasGradient(NDArray parameter) {
        if (!parameter.hasGradient()) {
            return false;
        }
        ai.djl.pytorch.engine.PtNDArray grad = JniUtils.getGradient((PtNDArray) parameter);
        if (grad == null) {
            return false;
        }
        grad.close();
        return true;
    }

    @Override
    public void close() {
        off();
    }
}
