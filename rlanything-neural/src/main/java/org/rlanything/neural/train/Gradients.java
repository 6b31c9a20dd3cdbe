package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.Map;
import org.rlanything.neural.io.TensorData;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ScalarArrays;
import org.rlanything.neural.model.StepScope;

/**
 * The gradient plumbing both trainers share: micro-batch gradients computed on {@link Replicas} are
 * added into the model's own in micro-batch order, then the global norm is clipped and one AdamW
 * step taken.
 */
final class Gradients {

    private Gradients() {}

    /**
     * Gives every parameter of the model a (zero) gradient, which PyTorch creates only in a
     * backward pass: the model's own backward passes run on its copies.
     */
    static void ensure(LlamaModel model) {
        if (model.weights().trainable().values().stream().allMatch(Autograd::hasGradient)) {
            return;
        }
        try (StepScope scope = new StepScope(model.weights().manager());
                Autograd collector = Autograd.record()) {
            NDArray total = null;
            for (NDArray p : model.weights().trainable().values()) {
                NDArray term = p.sum().mul(ScalarArrays.of(scope.manager(), model.dtype(), 0.0));
                total = total == null ? term : total.add(term);
            }
            collector.backward(total);
        }
    }

    /**
     * Adds a micro-batch's gradient into the model's, as PyTorch accumulates a backward pass
     * ({@code grad += g}); called in micro-batch order, so the sum is the one sequential
     * accumulation makes, whatever the number of threads that computed the parts.
     */
    static void accumulate(LlamaModel model, Map<String, TensorData> gradients) {
        try (StepScope scope = new StepScope(model.weights().manager())) {
            for (Map.Entry<String, NDArray> e : model.weights().trainable().entrySet()) {
                TensorData g = gradients.get(e.getKey());
                if (g == null) {
                    continue;
                }
                NDArray value =
                        g.dtype().equals("F64")
                                ? scope.manager().create(g.toDoubles(), new Shape(g.shape()))
                                : scope.manager().create(g.toFloats(), new Shape(g.shape()));
                e.getValue().getGradient().addi(value);
            }
        }
    }

    /**
     * Clips the global gradient norm to {@code maxNorm}, applies AdamW with the given settings and
     * zeroes the gradients; returns the norm before clipping. A non-finite norm zeroes the
     * gradients and throws before the weights are touched.
     */
    static double clipAndStep(
            LlamaModel model,
            AdamW optimizer,
            double maxNorm,
            double lr,
            double beta1,
            double beta2,
            double eps,
            double weightDecay) {
        try (StepScope scope = new StepScope(model.weights().manager())) {
            double total = 0;
            for (NDArray p : model.weights().trainable().values()) {
                // each parameter's float64 copy freed at once (all at once: 4x the weights), and
                // squared in place (a new array of a large embedding costs far more, see AdamW);
                // a float64 gradient is its own "copy" (toType returns it), so it is squared apart
                try (ai.djl.ndarray.NDScope one = new ai.djl.ndarray.NDScope()) {
                    NDArray g = p.getGradient();
                    NDArray squares;
                    if (g.getDataType() == DataType.FLOAT64) {
                        squares = g.square();
                    } else {
                        NDArray wide = g.toType(DataType.FLOAT64, false);
                        squares = wide.muli(wide);
                    }
                    total += squares.sum().getDouble();
                }
            }
            double norm = Math.sqrt(total);
            if (!Double.isFinite(norm)) {
                zero(model);
                throw new IllegalStateException(
                        "The gradient norm is "
                                + norm
                                + "; the step was stopped before corrupting the weights.");
            }
            double scale = Math.min(1.0, maxNorm / (norm + 1e-6));
            optimizer.step(lr, beta1, beta2, eps, weightDecay, scale);
            zero(model);
            return norm;
        }
    }

    /** Zeroes every gradient the model's parameters have. */
    static void zero(LlamaModel model) {
        try (StepScope scope = new StepScope(model.weights().manager())) {
            for (NDArray p : model.weights().trainable().values()) {
                if (p.hasGradient()) {
                    p.getGradient().set(new NDIndex("..."), 0);
                }
            }
        }
    }
}
