package org.rlanything.linear;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verdict;
import org.rlanything.core.imitation.LabelledStep;
import org.rlanything.core.spi.StepFeatures;

/**
 * {@code reward_model.kind: linear}: a logistic judge, p(GOOD | step) = σ(v·ψ(step)), with ψ from
 * the environment's {@link StepFeatures} (or hashed words). Each of the m verdicts is drawn
 * Bernoulli(p) from the request's generator and written {@code \boxed{1}} (GOOD) or {@code
 * \boxed{-1}} (BAD) after one line giving p. At zero weights (the start, unless a weights file is
 * named) p = ½ for every step: a coin, μ = 1.
 *
 * <h2>How the update works, and why</h2>
 *
 * The loop hands each judgment its consistency advantage A (method.md §4). The judge is trained by
 * REINFORCE on its own verdicts: J(v) = (1/n) Σ_i A_i log p_v(y_i | ψ_i) − (λ/2)‖v‖², with y_i = 1
 * for GOOD, whose exact gradient is (1/n) Σ_i A_i (y_i − σ(v·ψ_i)) ψ_i − λv. A verdict that agreed
 * with the step's integrated reward has A > 0 and is made likelier; so the judge learns only what
 * the consistency reward teaches (it never sees the environment's labels).
 */
public final class LinearJudge extends LinearModel implements RewardModel {

    private final StepFeatures features;
    private final double l2;
    private final int optimizerSteps;
    private double temperature = 1.0;

    /**
     * @param features the environment's features
     * @param kind the optimizer
     * @param learningRate its step size
     * @param optimizerSteps optimizer steps per update
     * @param l2 λ of the weight penalty
     */
    public LinearJudge(
            StepFeatures features,
            Optimizer.Kind kind,
            double learningRate,
            int optimizerSteps,
            double l2) {
        super("judge", features.judgeFeatureNames(), kind, learningRate);
        this.features = features;
        this.l2 = l2;
        this.optimizerSteps = optimizerSteps;
    }

    /**
     * Sets T of the verdicts' draw, p(GOOD) = σ(v·ψ/T) (1 by default): above 1 a sure judge's m
     * verdicts disagree more often, and a step whose verdicts disagree is one consistency feedback
     * can teach from (a unanimous step gives it nothing, method.md §4). The warm start fits v at T
     * = 1; the draws and the updates use T.
     */
    public LinearJudge withTemperature(double t) {
        if (!(t > 0)) {
            throw new IllegalArgumentException("temperature must be > 0, got " + t);
        }
        this.temperature = t;
        return this;
    }

    private double[] psi(JudgeRequest request) {
        double[] x = features.judge(request);
        if (x.length != names.size()) {
            throw new IllegalStateException(
                    "The environment's judge features gave "
                            + x.length
                            + " values for "
                            + names.size()
                            + " names.");
        }
        return x;
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        RewardModel.requireOneGeneratorPerRequest(requests, rngs);
        List<List<Judgment>> all = new ArrayList<>(requests.size());
        for (int r = 0; r < requests.size(); r++) {
            double z = dot(weights, psi(requests.get(r))) / temperature;
            double p = sigmoid(z);
            String reasoning = String.format(Locale.ROOT, "p(GOOD) = %.3f. ", p);
            RandomGenerator rng = rngs.get(r);
            List<Judgment> judgments = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                boolean good = rng.nextDouble() < p;
                double logProb = good ? logSigmoid(z) : logSigmoid(-z);
                judgments.add(
                        Judgment.parsed(
                                reasoning + (good ? "\\boxed{1}" : "\\boxed{-1}"),
                                logProb,
                                new LinearVerdict(good)));
            }
            all.add(judgments);
        }
        return all;
    }

    /** {@code example}'s verdict as a judgment of {@code request} (its features are read there). */
    @Override
    public Optional<Judgment> teach(JudgeRequest request, Judgment example) {
        if (!example.verdict().isValid()) {
            return Optional.empty();
        }
        boolean good = example.verdict() == Verdict.POSITIVE;
        double z = dot(weights, psi(request)) / temperature;
        return Optional.of(
                Judgment.parsed(
                        good ? "\\boxed{1}" : "\\boxed{-1}",
                        good ? logSigmoid(z) : logSigmoid(-z),
                        new LinearVerdict(good)));
    }

    /**
     * One trained verdict.
     *
     * @param psi the step's features
     * @param good whether the verdict was GOOD
     * @param advantage A
     */
    record Example(double[] psi, boolean good, double advantage) {}

    /** J(v) (see the class comment). */
    double objective(double[] v, List<Example> examples) {
        double sum = 0;
        for (Example e : examples) {
            double z = dot(v, e.psi()) / temperature;
            sum += e.advantage() * (e.good() ? logSigmoid(z) : logSigmoid(-z));
        }
        return sum / examples.size() - l2 / 2 * dot(v, v);
    }

    /** ∇J(v) (see the class comment). */
    double[] gradient(double[] v, List<Example> examples) {
        double[] g = new double[v.length];
        for (Example e : examples) {
            double residual = (e.good() ? 1 : 0) - sigmoid(dot(v, e.psi()) / temperature);
            double scale = e.advantage() * residual / (temperature * examples.size());
            for (int k = 0; k < g.length; k++) {
                g[k] += scale * e.psi()[k];
            }
        }
        for (int k = 0; k < g.length; k++) {
            g[k] -= l2 * v[k];
        }
        return g;
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        List<Example> examples = new ArrayList<>(samples.size());
        for (RewardModelSample sample : samples) {
            Verdict verdict = sample.judgment().verdict();
            boolean good = sample.judgment().payload(LinearVerdict.class).good();
            if (!verdict.isValid() || (verdict == Verdict.POSITIVE) != good) {
                throw new IllegalArgumentException(
                        "A linear judgment's text and payload disagree: " + sample.judgment());
            }
            examples.add(new Example(psi(sample.request()), good, sample.advantage()));
        }
        double before = objective(weights, examples);
        double gradNorm = 0;
        for (int s = 0; s < optimizerSteps; s++) {
            double[] g = gradient(weights, examples);
            if (s == 0) {
                gradNorm = norm(g);
            }
            optimizer.ascend(weights, g);
        }
        Map<String, Double> stats = new LinkedHashMap<>();
        stats.put("pg_loss", -before);
        stats.put("grad_norm", gradNorm);
        stats.put("weight_norm", norm(weights));
        return new UpdateStats(stats);
    }

    /** Passes over the labelled steps of a warm start (the steps are capped below). */
    static final int WARM_START_EPOCHS = 20;

    /** Steps per warm-start minibatch. */
    static final int WARM_START_BATCH = 32;

    /** The most optimizer steps of a warm start. */
    static final int WARM_START_MAX_STEPS = 4000;

    /**
     * A warm start on the environment's step labels: logistic regression, ascending (1/n) Σ_i c_i
     * log p_v(y_i | ψ_i) − (λ/2)‖v‖² with y_i the label, in minibatches with a fresh Adam of step
     * size {@value LinearPolicy#IMITATION_RATE}, whatever this judge's optimizer. Each label's
     * class is weighed by n / (2 · its count) (c_i), so GOOD and BAD steps count equally: a judge
     * taught mostly GOOD steps would otherwise start by calling everything GOOD. Returns the
     * balanced accuracy of the most likely verdict on the steps themselves (NaN without both
     * labels).
     */
    public double warmStart(List<LabelledStep> labelled, RandomGenerator rng) {
        if (labelled.isEmpty()) {
            return Double.NaN;
        }
        List<SparseRows> rows = new ArrayList<>(labelled.size());
        int goods = 0;
        for (LabelledStep step : labelled) {
            rows.add(new SparseRows(new double[][] {psi(step.request())}));
            goods += step.good() ? 1 : 0;
        }
        int bads = labelled.size() - goods;
        double goodWeight = goods == 0 ? 0 : labelled.size() / (2.0 * goods);
        double badWeight = bads == 0 ? 0 : labelled.size() / (2.0 * bads);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        int steps =
                Math.min(
                        WARM_START_MAX_STEPS,
                        Math.max(1, WARM_START_EPOCHS * rows.size() / WARM_START_BATCH));
        Optimizer fresh =
                new Optimizer(Optimizer.Kind.ADAM, LinearPolicy.IMITATION_RATE, weights.length);
        int position = rows.size();
        for (int s = 0; s < steps; s++) {
            double[] g = new double[weights.length];
            int batch = Math.min(WARM_START_BATCH, rows.size());
            for (int b = 0; b < batch; b++) {
                if (position == rows.size()) {
                    Collections.shuffle(order, new java.util.Random(rng.nextLong()));
                    position = 0;
                }
                int i = order.get(position++);
                boolean good = labelled.get(i).good();
                double p = sigmoid(rows.get(i).dot(weights, 0));
                rows.get(i)
                        .addTo(
                                g,
                                0,
                                (good ? goodWeight : badWeight) * ((good ? 1 : 0) - p) / batch);
            }
            for (int k = 0; k < g.length; k++) {
                g[k] -= l2 * weights[k];
            }
            fresh.ascend(weights, g);
        }
        if (goods == 0 || bads == 0) {
            return Double.NaN;
        }
        int goodRight = 0;
        int badRight = 0;
        for (int i = 0; i < rows.size(); i++) {
            boolean saysGood = rows.get(i).dot(weights, 0) > 0;
            if (labelled.get(i).good()) {
                goodRight += saysGood ? 1 : 0;
            } else {
                badRight += saysGood ? 0 : 1;
            }
        }
        return (goodRight / (double) goods + badRight / (double) bads) / 2;
    }
}
