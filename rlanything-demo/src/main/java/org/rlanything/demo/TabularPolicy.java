package org.rlanything.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.math.Softmax;

/**
 * A softmax policy over buttons with one logit per (door colour, button), trained by the policy
 * gradient {@code θ += lr · mean_s A_s·(onehot(a_s) − π(·|c_s))}. It stands in for a language model
 * in the demo and tests: small enough to learn in seconds, but it only improves if the advantages
 * carry signal.
 */
public final class TabularPolicy extends TabularModel implements Policy {

    private final double learningRate;

    public TabularPolicy(double learningRate) {
        super("policy.table");
        this.learningRate = learningRate;
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        List<Action> actions = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            int color = Choice.colorOf(contexts.get(i).observation());
            double[] p = Softmax.of(logits[color]);
            double u = rngs.get(i).nextDouble();
            int button = 0;
            double cumulative = p[0];
            while (u >= cumulative && button < p.length - 1) {
                button++;
                cumulative += p[button];
            }
            String command = KeyLockEnvironment.BUTTONS.get(button);
            actions.add(
                    new Action(command, command, Math.log(p[button]), new Choice(color, button)));
        }
        return actions;
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        double[][] gradient = new double[logits.length][logits[0].length];
        double loss = 0;
        double entropy = 0;
        for (PolicySample sample : samples) {
            Choice choice = sample.step().action().payload(Choice.class);
            double[] p = Softmax.of(logits[choice.color()]);
            for (int b = 0; b < p.length; b++) {
                double indicator = b == choice.button() ? 1 : 0;
                gradient[choice.color()][b] += sample.advantage() * (indicator - p[b]);
                entropy -= p[b] * Math.log(p[b]);
            }
            loss -= sample.advantage() * Math.log(p[choice.button()]);
        }
        for (int c = 0; c < logits.length; c++) {
            for (int b = 0; b < logits[c].length; b++) {
                logits[c][b] += learningRate * gradient[c][b] / samples.size();
            }
        }
        Map<String, Double> stats = new LinkedHashMap<>();
        stats.put("pg_loss", loss / samples.size());
        stats.put("entropy", entropy / samples.size());
        return new UpdateStats(stats);
    }

    /** The probability of pressing the right button, averaged over colours (1/4 untrained). */
    public double rightButtonProbability() {
        double sum = 0;
        for (int c = 0; c < logits.length; c++) {
            sum += Softmax.of(logits[c])[KeyLockEnvironment.rightButton(c)];
        }
        return sum / logits.length;
    }
}
