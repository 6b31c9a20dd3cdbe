package org.rlanything.neural.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rlanything.core.PromptFormat;
import org.rlanything.neural.NeuralModel;

/**
 * How good the generic starting models are before any RL, measured on fresh episodes the warm start
 * did not train on ({@link GenericWarmStart}): the share of states where the policy's most likely
 * listed command (summed log-likelihood, as it chooses at temperature 0) is the demonstrator's, and
 * beside the share a uniform draw among the listed commands would reach, and the judge's balanced
 * accuracy when it answers the likelier of {@link GenericWarmStart#GOOD} and {@link
 * GenericWarmStart#BAD} (the mean of its accuracy on GOOD and on BAD steps: 0.5 is chance whatever
 * the share of GOOD steps). Scoring changes no weight. NaN where there is nothing to measure.
 */
final class WarmStartCheck {

    private static final int CHUNK = 16;

    private WarmStartCheck() {}

    /**
     * Puts {@code pretrain/check_policy_agreement}, {@code pretrain/check_chance_agreement} and
     * {@code pretrain/check_judge_bal_acc}.
     */
    static void measure(
            NeuralModel policy,
            NeuralModel judge,
            EnvironmentPlay check,
            PromptFormat format,
            Map<String, Double> metrics) {
        metrics.put("pretrain/check_states", (double) check.targets().size());
        metrics.put("pretrain/check_policy_agreement", agreement(policy, check, format));
        metrics.put("pretrain/check_chance_agreement", chance(check));
        metrics.put("pretrain/check_judged_steps", (double) check.judged().size());
        metrics.put("pretrain/check_judge_bal_acc", balancedAccuracy(judge, check, format));
    }

    /**
     * What a uniform draw among the listed commands agrees on, the mean of 1/|listed| over the
     * check's states (the agreement of a policy that learned nothing).
     */
    private static double chance(EnvironmentPlay check) {
        double sum = 0;
        int states = 0;
        for (EnvironmentPlay.Target t : check.targets()) {
            int listed = t.context().admissibleActions().size();
            if (listed > 0) {
                sum += 1.0 / listed;
                states++;
            }
        }
        return states == 0 ? Double.NaN : sum / states;
    }

    private static double agreement(NeuralModel model, EnvironmentPlay check, PromptFormat format) {
        List<int[]> prompts = new ArrayList<>();
        List<List<int[]>> candidates = new ArrayList<>();
        List<Integer> right = new ArrayList<>();
        for (EnvironmentPlay.Target t : check.targets()) {
            List<String> listed = t.context().admissibleActions();
            if (listed.isEmpty()) {
                continue;
            }
            prompts.add(model.encodePrompt(format.policyPrompt(t.context())).tokens());
            List<int[]> c = new ArrayList<>();
            for (String command : listed) {
                c.add(model.encodeResponse(format.commandResponse(command)));
            }
            candidates.add(c);
            right.add(listed.indexOf(t.command()));
        }
        if (prompts.isEmpty()) {
            return Double.NaN;
        }
        int agree = 0;
        int[] best = argmax(model, prompts, candidates);
        for (int i = 0; i < best.length; i++) {
            agree += best[i] == right.get(i) ? 1 : 0;
        }
        return agree / (double) best.length;
    }

    private static double balancedAccuracy(
            NeuralModel model, EnvironmentPlay check, PromptFormat format) {
        List<int[]> prompts = new ArrayList<>();
        List<List<int[]>> candidates = new ArrayList<>();
        List<int[]> verdicts =
                List.of(
                        model.encodeResponse(GenericWarmStart.GOOD),
                        model.encodeResponse(GenericWarmStart.BAD));
        for (EnvironmentPlay.Judged j : check.judged()) {
            prompts.add(model.encodePrompt(format.judgePrompt(j.request())).tokens());
            candidates.add(verdicts);
        }
        if (prompts.isEmpty()) {
            return Double.NaN;
        }
        int[] best = argmax(model, prompts, candidates);
        int[] right = new int[2];
        int[] total = new int[2];
        for (int i = 0; i < best.length; i++) {
            int truth = check.judged().get(i).good() ? 0 : 1;
            total[truth]++;
            right[truth] += best[i] == truth ? 1 : 0;
        }
        if (total[0] == 0 || total[1] == 0) {
            return Double.NaN;
        }
        return 0.5 * (right[0] / (double) total[0] + right[1] / (double) total[1]);
    }

    /** Each prompt's likeliest candidate (summed token log-probabilities), scored in chunks. */
    private static int[] argmax(
            NeuralModel model, List<int[]> prompts, List<List<int[]>> candidates) {
        int[] best = new int[prompts.size()];
        for (int from = 0; from < prompts.size(); from += CHUNK) {
            int to = Math.min(prompts.size(), from + CHUNK);
            List<List<double[]>> scores =
                    model.scoreCandidates(prompts.subList(from, to), candidates.subList(from, to));
            for (int k = 0; k < scores.size(); k++) {
                double top = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < scores.get(k).size(); j++) {
                    double sum = 0;
                    for (double v : scores.get(k).get(j)) {
                        sum += v;
                    }
                    if (sum > top) {
                        top = sum;
                        best[from + k] = j;
                    }
                }
            }
        }
        return best;
    }
}
