package org.rlanything.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Step;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verdict;

/**
 * A generative judge in miniature: for a step (door colour c, button b) it writes a line of
 * reasoning and a boxed verdict, +1 with probability σ(w[c][b]); with a fixed small probability it
 * writes no verdict at all (an invalid output, like an LLM that rambles). Untrained (w = 0) it is a
 * coin: μ = p₊ + p₋ = 1, no better than chance. Its update is the policy gradient of the verdict's
 * log-probability weighted by the consistency advantage, so it learns only what the consistency
 * reward teaches.
 */
public final class TabularJudge extends TabularModel implements RewardModel {

    private final double learningRate;
    private final double invalidRate;

    public TabularJudge(double learningRate, double invalidRate) {
        super("judge.table");
        this.learningRate = learningRate;
        this.invalidRate = invalidRate;
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        List<List<Judgment>> all = new ArrayList<>(requests.size());
        for (int r = 0; r < requests.size(); r++) {
            Step step = requests.get(r).step();
            Choice choice = step.action().payload(Choice.class);
            double p = sigmoid(logits[choice.color()][choice.button()]);
            RandomGenerator rng = rngs.get(r);
            List<Judgment> judgments = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                String reasoning =
                        "The door was "
                                + KeyLockEnvironment.COLORS.get(choice.color())
                                + " and the agent chose '"
                                + step.action().command()
                                + "'.";
                if (rng.nextDouble() < invalidRate) {
                    judgments.add(
                            Judgment.parsed(
                                    reasoning + " I cannot tell.", Math.log(invalidRate), choice));
                    continue;
                }
                boolean positive = rng.nextDouble() < p;
                String text =
                        reasoning
                                + (positive
                                        ? " That looks right. \\boxed{1}"
                                        : " That looks wrong. \\boxed{-1}");
                double logProb = Math.log(1 - invalidRate) + Math.log(positive ? p : 1 - p);
                judgments.add(Judgment.parsed(text, logProb, choice));
            }
            all.add(judgments);
        }
        return all;
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        double[][] gradient = new double[logits.length][logits[0].length];
        int used = 0;
        for (RewardModelSample sample : samples) {
            Verdict verdict = sample.judgment().verdict();
            if (!verdict.isValid()) {
                continue; // the invalid rate is fixed here: nothing to learn from the penalty
            }
            Choice choice = sample.judgment().payload(Choice.class);
            double p = sigmoid(logits[choice.color()][choice.button()]);
            double y = verdict == Verdict.POSITIVE ? 1 : 0;
            gradient[choice.color()][choice.button()] += sample.advantage() * (y - p);
            used++;
        }
        if (used > 0) {
            for (int c = 0; c < logits.length; c++) {
                for (int b = 0; b < logits[c].length; b++) {
                    logits[c][b] += learningRate * gradient[c][b] / used;
                }
            }
        }
        Map<String, Double> stats = new LinkedHashMap<>();
        stats.put("used_samples", (double) used);
        return new UpdateStats(stats);
    }

    /**
     * The expected fraction of valid verdicts that match the oracle, averaged over all (colour,
     * button).
     */
    public double expectedProcessAccuracy() {
        double sum = 0;
        int count = 0;
        for (int c = 0; c < logits.length; c++) {
            for (int b = 0; b < logits[c].length; b++) {
                double p = sigmoid(logits[c][b]);
                sum += b == KeyLockEnvironment.rightButton(c) ? p : 1 - p;
                count++;
            }
        }
        return sum / count;
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }
}
