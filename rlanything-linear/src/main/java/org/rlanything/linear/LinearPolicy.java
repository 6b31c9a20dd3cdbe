package org.rlanything.linear;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.BadInputException;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.imitation.Demonstration;
import org.rlanything.core.imitation.Imitable;
import org.rlanything.core.math.Softmax;
import org.rlanything.core.spi.StepFeatures;

/**
 * {@code policy.kind: linear}: a softmax over the admissible commands, π(a|s) ∝ exp(w·φ(s,a)/T),
 * with φ from the environment's {@link StepFeatures} (or hashed words).
 *
 * <h2>How the update works, and why</h2>
 *
 * The loop hands per-step advantages A_i. The objective is the advantage-weighted log-likelihood of
 * the chosen commands, J(w) = (1/n) Σ_i A_i log π_w(a_i|s_i) − (λ/2)‖w‖², whose exact gradient is
 * (1/n) Σ_i A_i (φ(s_i,a_i) − Σ_b π_w(b|s_i) φ(s_i,b)) / T − λw. With a clip ε > 0 the term of a
 * sample becomes PPO's min(r_i A_i, clip(r_i, 1−ε, 1+ε) A_i) with r_i = π_w(a_i|s_i)/π_old(a_i|s_i)
 * (π_old: the probability the command was sampled with), whose gradient is r_i A_i ∇log π_w where
 * the unclipped term is the smaller one, else 0; it matters only with several optimizer steps per
 * update. The features of a trained step are computed again from its trajectory (the environment's
 * features are a function of the step alone), so no feature matrix travels with the actions.
 *
 * <p><b>Anchor.</b> With {@code klToStart} β > 0 the objective also subtracts β times the mean over
 * the samples' states of KL(π_w(·|s) ‖ π_0(·|s)), π_0 the policy the run started from (a clone, an
 * {@code init} file, or the uniform policy), whose gradient for one state is Σ_b π_w(b|s) (log
 * π_w(b|s) − log π_0(b|s)) (φ(s,b) − Σ_c π_w(c|s) φ(s,c)) / T. It keeps RL from walking a good
 * start off with noisy advantages, as the neural kinds' {@code kl_to_start} does.
 *
 * <p><b>Entropy bonus.</b> With {@code entropyBonus} α > 0 the objective also adds α times the mean
 * over the samples' states of the entropy H(π_w(·|s)) = −Σ_b π_w(b|s) log π_w(b|s). Since H =
 * log|B| − KL(π_w ‖ uniform), its gradient is the anchor's with π_0 uniform and the sign turned:
 * −Σ_b π_w(b|s) log π_w(b|s) (φ(s,b) − Σ_c π_w(c|s) φ(s,c)) / T. A clone of a deterministic solver
 * is nearly deterministic itself: its rollouts of a task differ in a few moves, and the gradient of
 * a saturated softmax vanishes at every other step; the bonus keeps the policy soft enough for its
 * rollouts to differ. With {@code entropyTarget} H* > 0 the bonus is α·min(H̄, H*), H̄ the mean
 * entropy of the samples' states: a floor, not a push without end (as the target entropy of soft
 * actor-critic): its gradient is the bonus's while H̄ < H* and zero above, so a policy that the
 * bonus alone would keep softening settles near H*.
 */
public final class LinearPolicy extends LinearModel implements Policy, Imitable {

    private final StepFeatures features;
    private final double temperature;
    private final double l2;
    private final double clip;
    private final int optimizerSteps;
    private double klToStart;
    private double entropyBonus;
    private double entropyTarget;
    private double[] start;

    /**
     * @param features the environment's features
     * @param kind the optimizer
     * @param learningRate its step size
     * @param optimizerSteps optimizer steps per update
     * @param temperature T of the softmax
     * @param l2 λ of the weight penalty
     * @param clip PPO's ε (0: the plain advantage-weighted log-likelihood)
     */
    public LinearPolicy(
            StepFeatures features,
            Optimizer.Kind kind,
            double learningRate,
            int optimizerSteps,
            double temperature,
            double l2,
            double clip) {
        super("policy", features.policyFeatureNames(), kind, learningRate);
        this.features = features;
        this.temperature = temperature;
        this.l2 = l2;
        this.clip = clip;
        this.optimizerSteps = optimizerSteps;
        this.start = new double[names.size()];
    }

    /**
     * Sets β of the anchor to the starting policy (see the class comment); the start is the weights
     * this policy holds when it is set, or later {@link #startWith}/{@link #startFrom} weights.
     */
    public LinearPolicy withKlToStart(double beta) {
        if (!(beta >= 0)) {
            throw new IllegalArgumentException("kl_to_start must be >= 0, got " + beta);
        }
        this.klToStart = beta;
        this.start = weights.clone();
        return this;
    }

    /** Sets α of the entropy bonus (see the class comment). */
    public LinearPolicy withEntropyBonus(double alpha) {
        if (!(alpha >= 0)) {
            throw new IllegalArgumentException("entropy_bonus must be >= 0, got " + alpha);
        }
        this.entropyBonus = alpha;
        return this;
    }

    /**
     * Sets H* of the entropy bonus's floor, in nats a step (0: no floor; see the class comment).
     */
    public LinearPolicy withEntropyTarget(double target) {
        if (!(target >= 0)) {
            throw new IllegalArgumentException("entropy_target must be >= 0, got " + target);
        }
        this.entropyTarget = target;
        return this;
    }

    @Override
    public void startWith(double[] weights) {
        super.startWith(weights);
        start = weights.clone();
    }

    @Override
    public void startFrom(java.nio.file.Path file) {
        super.startFrom(file);
        start = weights.clone();
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        if (contexts.size() != rngs.size()) {
            throw new IllegalArgumentException(
                    "Got " + contexts.size() + " contexts but " + rngs.size() + " generators.");
        }
        List<Action> actions = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            PolicyContext context = contexts.get(i);
            if (context.admissibleActions().isEmpty()) {
                throw new BadInputException(
                        "policy.kind linear chooses among the environment's admissible commands, and"
                                + " the task "
                                + context.task().id()
                                + " lists none (a free-text environment): use another policy"
                                + " kind.");
            }
            double[] p = probabilities(weights, rows(context));
            double u = rngs.get(i).nextDouble();
            int chosen = 0;
            double cumulative = p[0];
            while (u >= cumulative && chosen < p.length - 1) {
                chosen++;
                cumulative += p[chosen];
            }
            String command = context.admissibleActions().get(chosen);
            actions.add(
                    new Action(command, command, Math.log(p[chosen]), new LinearChoice(chosen)));
        }
        return actions;
    }

    private double[][] rows(PolicyContext context) {
        double[][] rows = features.policy(context);
        if (rows.length != context.admissibleActions().size()) {
            throw new IllegalStateException(
                    "The environment's features gave "
                            + rows.length
                            + " rows for "
                            + context.admissibleActions().size()
                            + " admissible commands.");
        }
        for (double[] row : rows) {
            if (row.length != names.size()) {
                throw new IllegalStateException(
                        "The environment's features gave a row of "
                                + row.length
                                + " values for "
                                + names.size()
                                + " names.");
            }
        }
        return rows;
    }

    /** softmax(w·φ_b / T) over the rows. */
    double[] probabilities(double[] w, double[][] rows) {
        double[] z = new double[rows.length];
        for (int b = 0; b < rows.length; b++) {
            z[b] = dot(w, rows[b]) / temperature;
        }
        return Softmax.of(z);
    }

    /**
     * One trained step with its features.
     *
     * @param rows φ(s, b) for each admissible command b
     * @param chosen the index of the command taken
     * @param advantage A
     * @param sampledLogProb log π_old(chosen)
     */
    record Example(double[][] rows, int chosen, double advantage, double sampledLogProb) {}

    Example example(PolicySample sample) {
        Trajectory trajectory = sample.trajectory();
        Step step = sample.step();
        int chosen = step.action().payload(LinearChoice.class).index();
        PolicyContext context =
                new PolicyContext(
                        trajectory.task(),
                        trajectory.steps().subList(0, step.index()),
                        step.observation(),
                        step.admissibleActions());
        if (chosen < 0
                || chosen >= step.admissibleActions().size()
                || !step.admissibleActions().get(chosen).equals(step.action().command())) {
            throw new IllegalArgumentException(
                    "The step's choice " + chosen + " is not its command in its admissible list.");
        }
        return new Example(rows(context), chosen, sample.advantage(), step.action().logProb());
    }

    /** J(w) (see the class comment). */
    double objective(double[] w, List<Example> examples) {
        double sum = 0;
        for (Example e : examples) {
            double logP = Math.log(probabilities(w, e.rows())[e.chosen()]);
            if (clip > 0) {
                double r = Math.exp(logP - e.sampledLogProb());
                double clipped = Math.min(Math.max(r, 1 - clip), 1 + clip);
                sum += Math.min(r * e.advantage(), clipped * e.advantage());
            } else {
                sum += e.advantage() * logP;
            }
        }
        double kl = 0;
        if (klToStart > 0) {
            for (Example e : examples) {
                kl += kl(probabilities(w, e.rows()), logOf(probabilities(start, e.rows())));
            }
        }
        double bonus = 0;
        if (entropyBonus > 0) {
            double entropy = meanEntropy(w, examples);
            bonus = entropyBonus * (entropyTarget > 0 ? Math.min(entropy, entropyTarget) : entropy);
        }
        return sum / examples.size()
                - klToStart * kl / examples.size()
                + bonus
                - l2 / 2 * dot(w, w);
    }

    /** H̄: the mean over the examples' states of the entropy of π_w's choice. */
    double meanEntropy(double[] w, List<Example> examples) {
        double entropy = 0;
        for (Example e : examples) {
            double[] p = probabilities(w, e.rows());
            entropy -= kl(p, new double[p.length]);
        }
        return entropy / examples.size();
    }

    /** Whether the entropy bonus pushes at w: it is set, and H̄ is below its floor H* where set. */
    private boolean entropyBonusActive(double[] w, List<Example> examples) {
        return entropyBonus > 0 && (entropyTarget == 0 || meanEntropy(w, examples) < entropyTarget);
    }

    /** Σ_b p_b (log p_b − logQ_b): KL(p ‖ q); with logQ all zero, minus the entropy of p. */
    private static double kl(double[] p, double[] logQ) {
        double kl = 0;
        for (int b = 0; b < p.length; b++) {
            kl += p[b] > 0 ? p[b] * (Math.log(p[b]) - logQ[b]) : 0;
        }
        return kl;
    }

    private static double[] logOf(double[] q) {
        double[] log = new double[q.length];
        for (int b = 0; b < q.length; b++) {
            log[b] = Math.log(Math.max(q[b], 1e-300));
        }
        return log;
    }

    /**
     * Subtracts coefficient × ∇_w KL(π_w(·|s) ‖ q) of one state from g: Σ_b p_b (log p_b − logQ_b)
     * (φ_b − φ̄) / T (see the class comment; a constant logQ, the uniform q, gives −∇H).
     */
    private void subtractKlGradient(
            double[] g, double[][] rows, double[] p, double[] logQ, double coefficient) {
        double[] mean = new double[g.length];
        for (int b = 0; b < p.length; b++) {
            for (int k = 0; k < g.length; k++) {
                mean[k] += p[b] * rows[b][k];
            }
        }
        for (int b = 0; b < p.length; b++) {
            if (p[b] == 0) {
                continue;
            }
            double scale = coefficient * p[b] * (Math.log(p[b]) - logQ[b]) / temperature;
            for (int k = 0; k < g.length; k++) {
                g[k] -= scale * (rows[b][k] - mean[k]);
            }
        }
    }

    /** ∇J(w) (see the class comment); {@code clipped[0]} counts the samples whose term is flat. */
    double[] gradient(double[] w, List<Example> examples, int[] clipped) {
        return gradient(w, examples, clipped, entropyBonusActive(w, examples));
    }

    /** ∇J(w), told whether the entropy bonus pushes at w (its caller already knows). */
    private double[] gradient(double[] w, List<Example> examples, int[] clipped, boolean bonus) {
        double[] g = new double[w.length];
        for (Example e : examples) {
            double[] p = probabilities(w, e.rows());
            double scale = e.advantage();
            if (clip > 0) {
                double r = Math.exp(Math.log(p[e.chosen()]) - e.sampledLogProb());
                double clippedR = Math.min(Math.max(r, 1 - clip), 1 + clip);
                if (clippedR * e.advantage() < r * e.advantage()) {
                    clipped[0]++;
                    continue;
                }
                scale *= r;
            }
            scale /= temperature * examples.size();
            double[] chosenRow = e.rows()[e.chosen()];
            for (int k = 0; k < g.length; k++) {
                double expected = 0;
                for (int b = 0; b < p.length; b++) {
                    expected += p[b] * e.rows()[b][k];
                }
                g[k] += scale * (chosenRow[k] - expected);
            }
        }
        if (klToStart > 0 || bonus) {
            for (Example e : examples) {
                double[] p = probabilities(w, e.rows());
                if (klToStart > 0) {
                    double[] logStart = logOf(probabilities(start, e.rows()));
                    subtractKlGradient(g, e.rows(), p, logStart, klToStart / examples.size());
                }
                if (bonus) {
                    double[] uniform = new double[p.length];
                    subtractKlGradient(g, e.rows(), p, uniform, entropyBonus / examples.size());
                }
            }
        }
        for (int k = 0; k < g.length; k++) {
            g[k] -= l2 * w[k];
        }
        return g;
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        List<Example> examples = new ArrayList<>(samples.size());
        for (PolicySample sample : samples) {
            examples.add(example(sample));
        }
        double before = objective(weights, examples);
        double entropy = meanEntropy(weights, examples);
        int[] clipped = new int[1];
        double gradNorm = 0;
        int bonusSteps = 0;
        for (int s = 0; s < optimizerSteps; s++) {
            boolean bonus = entropyBonusActive(weights, examples);
            bonusSteps += bonus ? 1 : 0;
            double[] g = gradient(weights, examples, clipped, bonus);
            if (s == 0) {
                gradNorm = norm(g);
            }
            optimizer.ascend(weights, g);
        }
        Map<String, Double> stats = new LinkedHashMap<>();
        stats.put("pg_loss", -before);
        stats.put("entropy", entropy);
        if (entropyBonus > 0) {
            stats.put("entropy_bonus_steps", bonusSteps / (double) optimizerSteps);
        }
        stats.put("grad_norm", gradNorm);
        stats.put("clip_fraction", clipped[0] / (double) (examples.size() * optimizerSteps));
        stats.put("weight_norm", norm(weights));
        return new UpdateStats(stats);
    }

    /** Passes over the demonstrations in one imitation call (the steps are capped below). */
    static final int IMITATION_EPOCHS = 20;

    /** Demonstrations per imitation step. */
    static final int IMITATION_BATCH = 32;

    /** The most optimizer steps of one imitation call. */
    static final int IMITATION_MAX_STEPS = 4000;

    /** Adam's step size in imitation, whatever the RL updates' rate. */
    static final double IMITATION_RATE = 0.05;

    /**
     * Behaviour cloning: ascends the mean log-likelihood of the demonstrated commands, (1/n) Σ_i
     * log π_w(d_i|s_i) − (λ/2)‖w‖², whose gradient for one state is (φ(s,d) − Σ_b π_w(b|s) φ(s,b))
     * / T (the policy gradient of the class comment with A = 1 on the demonstrator's command), in
     * minibatches of {@value #IMITATION_BATCH} over {@value #IMITATION_EPOCHS} passes (at most
     * {@value #IMITATION_MAX_STEPS} steps) with a fresh Adam of step size {@value #IMITATION_RATE}
     * (the RL updates keep their own optimizer and rate, so one clone serves runs of any rate).
     * Each state's features are computed once.
     */
    @Override
    public ImitationFit imitate(List<Demonstration> demonstrations, RandomGenerator rng) {
        List<SparseRows> rows = new ArrayList<>();
        List<Integer> chosen = new ArrayList<>();
        for (Demonstration d : demonstrations) {
            if (d.index() >= 0) {
                rows.add(new SparseRows(rows(d.context())));
                chosen.add(d.index());
            }
        }
        if (rows.isEmpty()) {
            return new ImitationFit(0, Double.NaN, Double.NaN);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        int steps =
                Math.min(
                        IMITATION_MAX_STEPS,
                        Math.max(1, IMITATION_EPOCHS * rows.size() / IMITATION_BATCH));
        Optimizer fresh = new Optimizer(Optimizer.Kind.ADAM, IMITATION_RATE, weights.length);
        int position = rows.size();
        for (int s = 0; s < steps; s++) {
            double[] g = new double[weights.length];
            int batch = Math.min(IMITATION_BATCH, rows.size());
            for (int b = 0; b < batch; b++) {
                if (position == rows.size()) {
                    Collections.shuffle(order, new java.util.Random(rng.nextLong()));
                    position = 0;
                }
                int i = order.get(position++);
                SparseRows r = rows.get(i);
                double[] p = probabilities(weights, r);
                for (int a = 0; a < r.size(); a++) {
                    double target = a == chosen.get(i) ? 1 : 0;
                    r.addTo(g, a, (target - p[a]) / (temperature * batch));
                }
            }
            for (int k = 0; k < g.length; k++) {
                g[k] -= l2 * weights[k];
            }
            fresh.ascend(weights, g);
        }
        double loss = 0;
        int agree = 0;
        for (int i = 0; i < rows.size(); i++) {
            double[] p = probabilities(weights, rows.get(i));
            loss -= Math.log(Math.max(p[chosen.get(i)], 1e-300));
            int best = 0;
            for (int a = 1; a < p.length; a++) {
                best = p[a] > p[best] ? a : best;
            }
            agree += best == chosen.get(i) ? 1 : 0;
        }
        return new ImitationFit(steps, loss / rows.size(), agree / (double) rows.size());
    }

    private double[] probabilities(double[] w, SparseRows rows) {
        double[] z = new double[rows.size()];
        for (int b = 0; b < z.length; b++) {
            z[b] = rows.dot(w, b) / temperature;
        }
        return Softmax.of(z);
    }
}
