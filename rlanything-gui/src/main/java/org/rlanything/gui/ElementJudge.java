package org.rlanything.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.Payload;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verdict;

/**
 * The embedded GUI judge (method.md §4, §7): it judges a step from the element lists before and
 * after it and the instruction ({@link GuiStepFeatures} ψ), saying +1 with probability {@code σ(w·ψ
 * / T)}; each of the m verdicts is drawn from the request's generator. It starts as a coin (w = 0,
 * μ = 1) and learns only from the method's consistency reward: the loop z-scores {@code R(τ,i) ·
 * S(τ,i,j)} over a step's m verdicts, and this judge takes the policy-gradient step of the
 * verdict's log-probability weighted by that advantage.
 */
public final class ElementJudge implements RewardModel, Checkpointable {

    private static final String FILE = "element_judge.txt";

    /** The step's features, kept with each judgment for the update. */
    public record Features(double[] values) implements Payload {
        private static final long serialVersionUID = 1L;
    }

    private final LinearRates rates;
    private double[] w = new double[GuiStepFeatures.SIZE];

    public ElementJudge(double learningRate, double temperature) {
        this.rates = new LinearRates(learningRate, temperature);
    }

    /** A copy of the weights, in {@link GuiStepFeatures#names()} order. */
    public double[] weights() {
        return w.clone();
    }

    /** The probability of a +1 verdict on a step with features {@code psi}. */
    public double positiveProbability(double[] psi) {
        double z = 0;
        for (int j = 0; j < w.length; j++) {
            z += w[j] * psi[j];
        }
        return 1 / (1 + Math.exp(-z / rates.temperature()));
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        List<List<Judgment>> all = new ArrayList<>(requests.size());
        for (int r = 0; r < requests.size(); r++) {
            double[] psi = GuiStepFeatures.of(requests.get(r));
            double p = positiveProbability(psi);
            String reasoning = reasoning(psi);
            RandomGenerator rng = rngs.get(r);
            List<Judgment> judgments = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                boolean positive = rng.nextDouble() < p;
                String text =
                        reasoning
                                + (positive
                                        ? " The step looks right. \\boxed{1}"
                                        : " The step looks wrong. \\boxed{-1}");
                judgments.add(
                        Judgment.parsed(text, Math.log(positive ? p : 1 - p), new Features(psi)));
            }
            all.add(judgments);
        }
        return all;
    }

    /** The features that hold on the step, as words (the judgment's reasoning). */
    private static String reasoning(double[] psi) {
        List<String> names = GuiStepFeatures.names();
        StringBuilder text = new StringBuilder("Observed:");
        for (int j = 1; j < psi.length; j++) {
            if (psi[j] != 0) {
                text.append(' ').append(names.get(j));
                if (psi[j] != 1) {
                    text.append('=').append(String.format(java.util.Locale.ROOT, "%.2f", psi[j]));
                }
            }
        }
        return text.append('.').toString();
    }

    /**
     * One policy-gradient step on the consistency advantages: {@code w += lr · mean_j A_j · (y_j −
     * p_j) · ψ_j / T}, where y is 1 for a +1 verdict and 0 for −1 (the gradient of the verdict's
     * log-probability under σ(w·ψ/T)). A positive advantage makes the verdict given more likely on
     * steps like this one, a negative one less.
     */
    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        double[] gradient = new double[w.length];
        int used = 0;
        for (RewardModelSample sample : samples) {
            Verdict verdict = sample.judgment().verdict();
            if (!verdict.isValid()) {
                continue; // this judge always writes a verdict
            }
            double[] psi = sample.judgment().payload(Features.class).values();
            double y = verdict == Verdict.POSITIVE ? 1 : 0;
            double p = positiveProbability(psi);
            for (int j = 0; j < w.length; j++) {
                gradient[j] += sample.advantage() * (y - p) * psi[j];
            }
            used++;
        }
        double norm = 0;
        if (used > 0) {
            for (int j = 0; j < w.length; j++) {
                gradient[j] /= used;
                w[j] += rates.learningRate() * gradient[j] / rates.temperature();
                norm += gradient[j] * gradient[j];
            }
        }
        Map<String, Double> stats = new LinkedHashMap<>();
        stats.put("used_samples", (double) used);
        stats.put("grad_norm", Math.sqrt(norm));
        stats.put("weight/bias", w[0]);
        return new UpdateStats(stats);
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        ElementWeightsFile.write(directory.resolve(FILE), GuiStepFeatures.names(), w);
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        w = ElementWeightsFile.read(directory.resolve(FILE), GuiStepFeatures.names());
    }
}
