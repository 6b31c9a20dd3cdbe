package org.rlanything.neural.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.io.TensorData;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.LayerRecompute;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.model.Parallel;
import org.rlanything.neural.model.ScalarArrays;
import org.rlanything.neural.model.StepScope;

/**
 * One RL update of a {@link LlamaModel} with the PPO-clip + k3 objective (method.md §3); the same
 * trainer serves the policy and the reward model.
 *
 * <p><b>Order of work in {@link #update}.</b>
 *
 * <ol>
 *   <li>Samples whose prompt exceeds {@code maxPromptTokens} (or whose prompt plus response would
 *       exceed the model's positions) are dropped with their advantage; responses are cut at {@code
 *       maxResponseTokens}; empty responses are dropped.
 *   <li>The samples are shuffled with the caller's generator and split into U near-equal
 *       minibatches (sizes differ by at most one; every sample is used once). A minibatch too large
 *       for one forward pass is split into micro-batches whose gradients accumulate, its samples
 *       ordered by length first so that a micro-batch holds samples of similar widths.
 *   <li>log π_old of every response token is computed once, by the model being trained, before the
 *       first optimizer step, on exactly the padded batches the steps will use, so δ = 0 exactly in
 *       the first minibatch (whose π_old is the forward pass of its own step: nothing changed the
 *       weights yet). With an anchor ({@link PpoSettings#klToStart()} &gt; 0), log π_ref of every
 *       response token is computed likewise, once, by the frozen starting model ({@link
 *       #anchorHere}), for every minibatch: one more forward pass per sample, without gradient.
 *   <li>Per minibatch: one padded forward/backward per micro-batch of the loss Σ_samples(sample
 *       loss)/n_minibatch, global gradient-norm clip, one AdamW step (moments re-created at the
 *       start of each update unless configured otherwise).
 * </ol>
 *
 * <p><b>What is trained.</b> A {@link TrainingSequence} trains every response token (T = its
 * length); a {@link ChoiceSequence} trains one quantity, the log-probability of the chosen
 * candidate under the softmax the policy sampled from (T = 1; see {@link ChoiceBatch}). Ratio, clip
 * and k3 act on exactly that.
 *
 * <p>Metrics (means over the update's optimizer steps): {@code pg_loss}, {@code ppo_kl} (the k3
 * estimate the penalty uses), {@code clipfrac} (fraction of trained positions on the clipped
 * branch), {@code grad_norm} (before clipping), {@code entropy} (mean over trained positions: of
 * the next-token distribution, or of the choice distribution), plus counts ({@code
 * response_tokens}: trained positions); with an anchor, {@code kl_to_start} (the k3 estimate of
 * KL(π_θ‖π_ref) the anchor's penalty uses).
 */
public final class PpoTrainer {

    private final LlamaModel model;
    private final PpoSettings config;
    private final PpoObjective objective;
    private final AdamW optimizer;
    private final Replicas replicas;
    private TrainingState state = TrainingState.initial();

    /** The starting model, frozen (the anchor's π_ref); null without an anchor. */
    private LlamaModel reference;

    public PpoTrainer(LlamaModel model, PpoSettings config) {
        this.model = model;
        this.config = config;
        this.objective = PpoObjective.of(config);
        this.optimizer = new AdamW(model.weights());
        this.replicas = new Replicas(model, Parallel.threads());
    }

    /**
     * Takes the model's weights as they are now as the anchor's reference π_ref (call it once the
     * starting model is in place, before any update); nothing without an anchor ({@code klToStart}
     * 0). The copy lives with the model and closes with it. A LoRA model's copy shares its frozen
     * base and copies only the adapters as they are now, so a fresh LoRA start (B = 0) makes the
     * reference the base itself, and the copy costs the adapters' size only; any other model's copy
     * costs one more set of its weights.
     */
    public void anchorHere() {
        if (config.klToStart() == 0) {
            return;
        }
        closeReference();
        reference = new LlamaModel(model.weights().replica("the starting model (kl_to_start)"));
    }

    /**
     * Takes {@code other}'s reference as this trainer's (a checkpoint of the same run loaded into a
     * new model keeps the run's starting model as its reference); nothing without an anchor.
     * Parameter names and shapes must match.
     */
    public void anchorAt(PpoTrainer other) {
        if (config.klToStart() == 0) {
            return;
        }
        if (other.reference == null) {
            throw new IllegalStateException("The other trainer holds no reference model.");
        }
        closeReference();
        ModelWeights copy = model.weights().replica("the starting model (kl_to_start)");
        Map<String, NDArray> from = other.reference.weights().trainable();
        Map<String, NDArray> to = copy.trainable();
        if (!from.keySet().equals(to.keySet())) {
            copy.close();
            throw new IllegalStateException(
                    "The reference's parameters " + from.keySet() + " are not this model's.");
        }
        for (Map.Entry<String, NDArray> e : to.entrySet()) {
            NDArray source = from.get(e.getKey());
            NDArray target = e.getValue();
            if (!source.getShape().equals(target.getShape())
                    || source.getDataType() != target.getDataType()) {
                copy.close();
                throw new IllegalStateException(
                        "The reference's \"" + e.getKey() + "\" does not match this model's.");
            }
            if (target.getDataType() == DataType.FLOAT64) {
                target.set(java.nio.DoubleBuffer.wrap(source.toDoubleArray()));
            } else {
                target.set(java.nio.FloatBuffer.wrap(source.toFloatArray()));
            }
        }
        reference = new LlamaModel(copy);
    }

    /** Whether this trainer holds a reference model (an anchor taken). */
    public boolean anchored() {
        return reference != null;
    }

    private void closeReference() {
        if (reference != null) {
            reference.close();
            reference = null;
        }
    }

    /**
     * Runs one update (U optimizer steps) on {@code samples}; {@code rng} orders the minibatches.
     * Samples may be responses ({@link TrainingSequence}: every response token trained) or choices
     * among listed candidates ({@link ChoiceSequence}: the choice's log-probability trained), mixed
     * freely.
     */
    public UpdateStats update(List<? extends PpoSample> samples, RandomGenerator rng) {
        Autograd.off(); // this thread may be new: no graph outside the backward pass
        Prepared prepared = prepare(samples);
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("samples", (double) prepared.kept.size());
        metrics.put("dropped_long_prompts", (double) prepared.droppedPrompts);
        metrics.put("dropped_empty_responses", (double) prepared.droppedEmpty);
        metrics.put("truncated_responses", (double) prepared.truncated);
        if (prepared.kept.isEmpty()) {
            return new UpdateStats(metrics);
        }
        List<List<PpoBatch>> minibatches = plan(prepared.kept, rng);
        // log π_old before any step; the first minibatch's is its own forward pass in the step (no
        // step came
        // before it, and the same weights on the same batches give the same values), so it is not
        // run twice
        List<PpoBatch> later = minibatches.stream().skip(1).flatMap(List::stream).toList();
        List<double[]> old = Parallel.map(later, b -> logProbs(model, b));
        for (int i = 0; i < later.size(); i++) {
            later.get(i).old(old.get(i));
        }
        if (config.klToStart() > 0) {
            if (reference == null) {
                throw new IllegalStateException(
                        "klToStart > 0 but no reference model was taken: call anchorHere() once"
                                + " the starting model is in place.");
            }
            // log π_ref of every minibatch's tokens, once, by the frozen starting model
            List<PpoBatch> all = minibatches.stream().flatMap(List::stream).toList();
            List<double[]> ref = Parallel.map(all, b -> logProbs(reference, b));
            for (int i = 0; i < all.size(); i++) {
                all.get(i).ref(ref.get(i));
            }
        }
        if (config.resetOptimizerEachUpdate()) {
            optimizer.reset();
        }
        Gradients.ensure(model); // micro-batch gradients are added into the model's own
        double pg = 0;
        double kl = 0;
        double clipped = 0;
        double entropy = 0;
        double gradNorm = 0;
        double klToStart = 0;
        long tokens = 0;
        for (List<PpoBatch> mb : minibatches) {
            int n = mb.stream().mapToInt(PpoBatch::rowCount).sum();
            double[] sums = backward(mb, n);
            double norm =
                    Gradients.clipAndStep(
                            model,
                            optimizer,
                            config.maxGradNorm(),
                            config.learningRate(),
                            config.beta1(),
                            config.beta2(),
                            config.adamEps(),
                            config.weightDecay());
            pg += sums[0] / n;
            kl += sums[1] / n;
            clipped += sums[2];
            entropy += sums[3];
            tokens += (long) sums[4];
            klToStart += sums[5] / n;
            gradNorm += norm;
        }
        int u = minibatches.size();
        state = state.plus(u, prepared.kept.size(), tokens);
        metrics.put("pg_loss", pg / u);
        metrics.put("ppo_kl", kl / u);
        if (config.klToStart() > 0) {
            metrics.put("kl_to_start", klToStart / u);
        }
        metrics.put("clipfrac", clipped / tokens);
        metrics.put("grad_norm", gradNorm / u);
        metrics.put("entropy", entropy / tokens);
        metrics.put("optimizer_steps", (double) u);
        metrics.put("response_tokens", (double) tokens);
        metrics.put("lr", config.learningRate());
        return new UpdateStats(metrics);
    }

    /**
     * The backward passes of one minibatch of {@code n} rows, their gradients summed into the
     * model's; the sums of the micro-batches' statistics (pg loss, KL, clipped tokens, entropy,
     * tokens, KL to the start).
     */
    private double[] backward(List<PpoBatch> mb, int n) {
        double[] sums = new double[6];
        Gradients.zero(model);
        List<MicroResult> results =
                replicas.map(mb, (on, micro, onCopy) -> backward(on, micro, n, onCopy));
        for (MicroResult r : results) {
            for (int i = 0; i < sums.length; i++) {
                sums[i] += r.stats[i];
            }
            if (r.gradients != null) {
                Gradients.accumulate(model, r.gradients);
            }
        }
        return sums;
    }

    private static final class Prepared {
        final List<PpoSample> kept = new ArrayList<>();
        int droppedPrompts;
        int droppedEmpty;
        int truncated;
    }

    private Prepared prepare(List<? extends PpoSample> samples) {
        Prepared p = new Prepared();
        int maxPositions = model.config().maxPositions();
        for (PpoSample sample : samples) {
            if (sample instanceof ChoiceSequence c) {
                if (c.promptLength() == 0
                        || c.promptLength() > config.maxPromptTokens()
                        || c.promptLength() + c.longestCandidate() > maxPositions) {
                    p.droppedPrompts++;
                } else {
                    p.kept.add(c);
                }
                continue;
            }
            TrainingSequence s = (TrainingSequence) sample;
            int[] response = s.responseView();
            if (response.length > config.maxResponseTokens()) {
                response = java.util.Arrays.copyOf(response, config.maxResponseTokens());
                p.truncated++;
            }
            if (s.promptLength() == 0
                    || s.promptLength() > config.maxPromptTokens()
                    || s.promptLength() + response.length > maxPositions) {
                p.droppedPrompts++;
            } else if (response.length == 0) {
                p.droppedEmpty++;
            } else {
                p.kept.add(
                        response == s.responseView()
                                ? s
                                : new TrainingSequence(s.promptView(), response, s.advantage()));
            }
        }
        return p;
    }

    /**
     * Shuffles, splits into U near-equal minibatches, and packs each into micro-batches (by kind,
     * in order).
     */
    private List<List<PpoBatch>> plan(List<PpoSample> kept, RandomGenerator rng) {
        int n = kept.size();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int u = Math.min(config.optimizerSteps(), n);
        List<List<PpoBatch>> out = new ArrayList<>();
        int at = 0;
        for (int b = 0; b < u; b++) {
            int size = n / u + (b < n % u ? 1 : 0);
            List<TrainingSequence> responses = new ArrayList<>();
            List<ChoiceSequence> choices = new ArrayList<>();
            for (int k = 0; k < size; k++) {
                PpoSample s = kept.get(order[at++]);
                if (s instanceof ChoiceSequence c) {
                    choices.add(c);
                } else {
                    responses.add((TrainingSequence) s);
                }
            }
            // micro-batches of similar widths pad little; the minibatch, and so its gradient, is
            // the same
            responses.sort(
                    java.util.Comparator.comparingInt(
                            s -> s.promptLength() + s.responseView().length));
            choices.sort(java.util.Comparator.comparingInt(ChoiceSequence::packedWidth));
            List<PpoBatch> micro =
                    new ArrayList<>(PaddedBatch.pack(responses, config.maxTokensPerForward()));
            micro.addAll(ChoiceBatch.pack(choices, config.maxTokensPerForward()));
            out.add(micro);
        }
        return out;
    }

    private static double[] logProbs(LlamaModel model, PpoBatch micro) {
        try (StepScope scope = new StepScope(model.weights().manager())) {
            return micro.logProbs(model, scope.manager(), null)
                    .toType(DataType.FLOAT64, false)
                    .toDoubleArray();
        }
    }

    /**
     * What one micro-batch's backward pass gives: Σpg, Σk3, clipped positions, Σentropy, trained
     * positions, Σk3 to the start (0 without an anchor).
     */
    private record MicroResult(double[] stats, Map<String, TensorData> gradients) {}

    /**
     * Forward/backward of one micro-batch on a copy of the model (or, with one thread, the model
     * itself); returns its sums and, with {@code takeGradients}, takes its gradient off the copy.
     */
    private MicroResult backward(
            LlamaModel model, PpoBatch micro, int minibatchSize, boolean takeGradients) {
        int rows = micro.rowCount();
        int width = micro.width();
        try (StepScope scope = new StepScope(model.weights().manager())) {
            NDManager m = scope.manager();
            DataType dt = model.dtype();
            NDArray weight = m.create(micro.weights(), new Shape(rows, width)).toType(dt, false);
            double[] oldValues = micro.old();
            double[] refValues = micro.ref();
            double[] adv = new double[rows];
            for (int r = 0; r < rows; r++) {
                adv[r] = micro.advantage(r);
            }
            NDArray advantage = m.create(adv, new Shape(rows, 1)).toType(dt, false);
            double[] out = new double[6];
            try (Autograd collector = Autograd.record()) {
                NDArray[] entropy = new NDArray[1];
                LayerRecompute recompute =
                        config.recomputeLayers() ? model.recomputeNextPass() : null;
                NDArray logp = micro.logProbs(model, m, entropy);
                NDArray old =
                        oldValues == null
                                ? logp.stopGradient() // the first minibatch: π_old is π
                                : m.create(oldValues, new Shape(rows, width)).toType(dt, false);
                NDArray ref =
                        refValues == null
                                ? null
                                : m.create(refValues, new Shape(rows, width)).toType(dt, false);
                PpoObjective.Terms terms = objective.terms(logp, old, ref, advantage, weight);
                collector.backward(terms.loss().div(ScalarArrays.of(m, dt, minibatchSize)));
                if (recompute != null) {
                    model.backwardThroughLayers(recompute);
                }
                NDArray trained = weight.gt(0).toType(dt, false);
                NDArray stats =
                        NDArrays.stack(
                                new NDList(
                                        terms.pgLoss().stopGradient(),
                                        terms.k3().stopGradient(),
                                        terms.clippedTokens(),
                                        entropy[0].mul(trained).sum(),
                                        trained.sum()));
                double[] s = stats.toType(DataType.FLOAT64, false).toDoubleArray();
                System.arraycopy(s, 0, out, 0, 5);
                if (terms.k3ToStart() != null) {
                    out[5] =
                            terms.k3ToStart()
                                    .stopGradient()
                                    .toType(DataType.FLOAT64, false)
                                    .getDouble();
                }
            }
            return new MicroResult(out, takeGradients ? Replicas.gradients(model) : null);
        }
    }

    public AdamW optimizer() {
        return optimizer;
    }

    public TrainingState state() {
        return state;
    }

    /** Restores the counters (from a checkpoint). */
    public void restore(TrainingState restored) {
        this.state = restored;
    }

    public PpoSettings config() {
        return config;
    }

    public LlamaModel model() {
        return model;
    }
}
