package org.rlanything.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Payload;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.math.Softmax;

/**
 * The embedded GUI policy: a softmax over the legal actions of the element list (as the embedded
 * ALFWorld policy chooses among admissible commands), with logits {@code θ·φ(s, a) / T} over the
 * task-free {@link ElementFeatures}. Trained by the policy gradient {@code θ += lr · mean_s A_s ·
 * (φ(s, a_s) − E_π[φ(s, ·)])}: small enough to train in minutes on CPUs, and it improves on
 * families it never saw only if what it learns is about instructions and elements in general.
 */
public final class ElementPolicy implements Policy, Checkpointable {

    private static final String FILE = "element_policy.txt";

    /** The features of every legal action and the chosen one: what the update trains on. */
    public record Choice(double[][] features, int chosen) implements Payload {
        private static final long serialVersionUID = 1L;
    }

    private final LinearRates rates;
    private double[] theta = new double[ElementFeatures.SIZE];

    public ElementPolicy(double learningRate, double temperature) {
        this.rates = new LinearRates(learningRate, temperature);
    }

    /** A copy of the weights, in {@link ElementFeatures#names()} order. */
    public double[] weights() {
        return theta.clone();
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        List<Action> actions = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            PolicyContext context = contexts.get(i);
            if (context.admissibleActions().isEmpty()) {
                throw new IllegalArgumentException(
                        "The element policy chooses among legal actions; task "
                                + context.task().id()
                                + " offers none.");
            }
            double[][] features = ElementFeatures.of(context);
            double[] p = probabilities(features);
            double u = rngs.get(i).nextDouble();
            int chosen = 0;
            double cumulative = p[0];
            while (u >= cumulative && chosen < p.length - 1) {
                chosen++;
                cumulative += p[chosen];
            }
            String command = context.admissibleActions().get(chosen);
            actions.add(
                    new Action(
                            command, command, Math.log(p[chosen]), new Choice(features, chosen)));
        }
        return actions;
    }

    private double[] probabilities(double[][] features) {
        double[] logits = new double[features.length];
        for (int a = 0; a < features.length; a++) {
            double z = 0;
            for (int j = 0; j < theta.length; j++) {
                z += theta[j] * features[a][j];
            }
            logits[a] = z / rates.temperature();
        }
        return Softmax.of(logits);
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        if (samples.isEmpty()) {
            return UpdateStats.empty();
        }
        double[] gradient = new double[theta.length];
        double entropy = 0;
        for (PolicySample sample : samples) {
            Choice choice = sample.step().action().payload(Choice.class);
            double[] p = probabilities(choice.features());
            for (int a = 0; a < p.length; a++) {
                double indicator = a == choice.chosen() ? 1 : 0;
                for (int j = 0; j < theta.length; j++) {
                    gradient[j] +=
                            sample.advantage() * (indicator - p[a]) * choice.features()[a][j];
                }
                if (p[a] > 0) {
                    entropy -= p[a] * Math.log(p[a]);
                }
            }
        }
        double norm = 0;
        for (int j = 0; j < theta.length; j++) {
            gradient[j] /= samples.size();
            theta[j] += rates.learningRate() * gradient[j] / rates.temperature();
            norm += gradient[j] * gradient[j];
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("policy/grad_norm", Math.sqrt(norm));
        metrics.put("policy/entropy", entropy / samples.size());
        return new UpdateStats(metrics);
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        ElementWeightsFile.write(directory.resolve(FILE), ElementFeatures.names(), theta);
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        theta = ElementWeightsFile.read(directory.resolve(FILE), ElementFeatures.names());
    }
}
