package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.neural.io.TensorData;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.Parallel;
import org.rlanything.neural.model.ScalarArrays;
import org.rlanything.neural.model.StepScope;

/**
 * Supervised fine-tuning (behaviour cloning, reward-model warm start): cross-entropy on the
 * response tokens of each {@link TrainingSequence}, one AdamW step per call.
 *
 * <p><b>Loss.</b> For a batch of n samples, {@code −(1/n)·Σ_samples w·(1/T)·Σ_t log π(y_t | x,
 * y_<t)}: a per-sample token mean, so every sample weighs the same whatever its length, scaled by
 * the sample's weight w (its {@code advantage} field; 1 for plain cloning). The batch is packed
 * into padded micro-batches within {@code maxTokensPerForward} whose gradients accumulate, then the
 * global gradient norm is clipped and one AdamW step is taken; several micro-batches run in
 * parallel on copies of the model ({@link Replicas}) and their gradients are added in micro-batch
 * order, so the result does not depend on the thread count (one micro-batch, or one thread, runs on
 * the model itself, as {@link PpoTrainer} does). Unlike {@link PpoTrainer}, the optimizer moments
 * persist across calls (one optimizer for the whole supervised run) until {@link
 * #resetOptimizer()}.
 *
 * <p>The output head runs on the response positions only ({@link PaddedBatch#logProbs}): the loss
 * reads nothing else.
 *
 * <p>Samples whose prompt plus response exceed the model's positions are dropped; empty responses
 * are dropped.
 */
public final class SupervisedTrainer {

    private final LlamaModel model;
    private final AdamW optimizer;
    private final Replicas replicas;
    private final double maxGradNorm;
    private final int maxTokensPerForward;
    private long steps;

    public SupervisedTrainer(LlamaModel model, double maxGradNorm, int maxTokensPerForward) {
        if (!(maxGradNorm > 0)) {
            throw new IllegalArgumentException("maxGradNorm must be > 0, got " + maxGradNorm + ".");
        }
        if (maxTokensPerForward <= 0) {
            throw new IllegalArgumentException(
                    "maxTokensPerForward must be > 0, got " + maxTokensPerForward + ".");
        }
        this.model = model;
        this.optimizer = new AdamW(model.weights());
        this.replicas = new Replicas(model, Parallel.threads());
        this.maxGradNorm = maxGradNorm;
        this.maxTokensPerForward = maxTokensPerForward;
    }

    /** What one step reports. */
    public record StepResult(double loss, double gradNorm, int samples, long tokens) {}

    /** Fresh AdamW moments (a new optimizer). */
    public void resetOptimizer() {
        optimizer.reset();
        steps = 0;
    }

    /** Optimizer steps taken since construction or the last reset. */
    public long steps() {
        return steps;
    }

    /**
     * A warm start: {@code steps} steps of {@code batch} sequences of {@code data} over reshuffled
     * epochs ({@link EpochBatches} drawing from {@code rng}), the rate decaying linearly from
     * {@code learningRate} to a tenth of it; returns the mean loss of the last (up to) 50 steps,
     * NaN for no steps or no data.
     */
    public double warmStart(
            List<TrainingSequence> data,
            int steps,
            int batch,
            double learningRate,
            RandomGenerator rng) {
        if (steps == 0 || data.isEmpty()) {
            return Double.NaN;
        }
        EpochBatches<TrainingSequence> batches = new EpochBatches<>(data, batch, rng);
        double recent = 0;
        int counted = 0;
        for (int step = 1; step <= steps; step++) {
            double rate = learningRate * (1.0 - 0.9 * (step - 1) / (double) Math.max(1, steps - 1));
            double loss = step(batches.next(), rate).loss();
            if (step > steps - 50) {
                recent += loss;
                counted++;
            }
        }
        return recent / counted;
    }

    /**
     * One AdamW step (betas 0.9/0.999, eps 1e-8, no weight decay) on the mean token cross-entropy
     * of {@code batch} at learning rate {@code lr}; returns the loss before the step.
     */
    public StepResult step(List<TrainingSequence> batch, double lr) {
        Autograd.off(); // this thread may be new: no graph outside the backward pass
        List<TrainingSequence> kept = new ArrayList<>();
        int maxPositions = model.config().maxPositions();
        for (TrainingSequence s : batch) {
            if (s.responseView().length > 0
                    && s.promptLength() > 0
                    && s.promptLength() + s.responseView().length <= maxPositions) {
                kept.add(s);
            }
        }
        if (kept.isEmpty()) {
            return new StepResult(Double.NaN, 0, 0, 0);
        }
        List<PaddedBatch> micro = PaddedBatch.pack(kept, maxTokensPerForward);
        int n = kept.size();
        double loss = 0;
        long tokens = 0;
        Gradients.ensure(model);
        Gradients.zero(model);
        List<MicroResult> results =
                replicas.map(micro, (on, mb, onCopy) -> backward(on, mb, n, onCopy));
        for (MicroResult r : results) {
            loss += r.loss();
            tokens += r.tokens();
            if (r.gradients() != null) {
                Gradients.accumulate(model, r.gradients());
            }
        }
        double norm =
                Gradients.clipAndStep(model, optimizer, maxGradNorm, lr, 0.9, 0.999, 1e-8, 0.0);
        steps++;
        return new StepResult(loss / n, norm, n, tokens);
    }

    /**
     * Mean token log-likelihood of each sample's response (no gradient), in order; for measuring
     * how well a model imitates held-out demonstrations.
     */
    public double[] meanTokenLogLikelihood(List<TrainingSequence> samples) {
        double[] out = new double[samples.size()];
        List<PaddedBatch> micro = PaddedBatch.pack(samples, maxTokensPerForward);
        int at = 0;
        for (PaddedBatch mb : micro) {
            try (StepScope scope = new StepScope(model.weights().manager())) {
                NDManager m = scope.manager();
                NDArray logp = mb.logProbs(model, m, null);
                NDArray weight =
                        m.create(mb.weights(), new Shape(mb.rows.size(), mb.responseWidth))
                                .toType(model.dtype(), false);
                double[] perRow =
                        logp.mul(weight)
                                .sum(new int[] {1})
                                .toType(DataType.FLOAT64, false)
                                .toDoubleArray();
                for (double v : perRow) {
                    out[at++] = v;
                }
            }
        }
        return out;
    }

    private record MicroResult(double loss, long tokens, Map<String, TensorData> gradients) {}

    /**
     * Forward/backward of one micro-batch on a copy of the model (or the model itself); returns its
     * summed sample loss, its response tokens and, with {@code takeGradients}, the copy's gradient.
     */
    private MicroResult backward(
            LlamaModel copy, PaddedBatch micro, int batchSize, boolean takeGradients) {
        int rows = micro.rows.size();
        try (StepScope scope = new StepScope(copy.weights().manager())) {
            NDManager m = scope.manager();
            DataType dt = copy.dtype();
            double[] w = micro.weights();
            int columns = micro.responseWidth;
            for (int r = 0; r < rows; r++) {
                double sampleWeight = micro.rows.get(r).advantage();
                for (int k = 0; k < columns; k++) {
                    w[r * columns + k] *= sampleWeight;
                }
            }
            NDArray weight = m.create(w, new Shape(rows, columns)).toType(dt, false);
            long tokens = 0;
            for (TrainingSequence s : micro.rows) {
                tokens += s.responseView().length;
            }
            try (Autograd collector = Autograd.record()) {
                NDArray logp = micro.logProbs(copy, m, null);
                NDArray sum = logp.mul(weight).sum().neg();
                collector.backward(sum.div(ScalarArrays.of(m, dt, batchSize)));
                double loss = sum.stopGradient().toType(DataType.FLOAT64, false).getDouble();
                return new MicroResult(
                        loss, tokens, takeGradients ? Replicas.gradients(copy) : null);
            }
        }
    }
}
