package org.rlanything.core.loop;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

/**
 * Accumulates the reward model's figures over judged trajectories (method.md §6 and §9, [Proj]
 * rules).
 *
 * <p><b>Why balanced figures.</b> Step labels are unbalanced (most steps of failed rollouts are
 * BAD), so a judge that always says −1 scores high on plain process accuracy, and plain outcome
 * accuracy tracks the failure rate. Every claim about the judge rests on figures a constant judge
 * cannot meet: the true-positive rate (verdict +1 on GOOD steps), the true-negative rate (−1 on BAD
 * steps), their mean (balanced process accuracy, 0.5 for any constant judge), the GOOD base rate
 * beside them, μ = p₊ + p₋ of Theorem 1 (p₊: share of +1 verdicts on steps of won trajectories, p₋:
 * share of −1 on failed ones; μ ≤ 1 means the averaged verdicts carry no information about the
 * outcome), and outcome accuracy balanced over won and failed trajectories.
 *
 * <p><b>Counting.</b> Each of the m verdicts of a step is scored on its own; an invalid verdict is
 * wrong everywhere (it is neither +1 nor −1). Steps without a label are skipped by the label
 * figures. A trajectory is predicted successful iff the mean of its valid verdicts is &gt; 0 (none
 * valid: failure). Process figures are kept against both labels a step may carry: the omniscient
 * planner's ({@code planner}) and the oracle restrained to what the agent has seen ({@code
 * restrained}). The headline {@code balanced_process_acc} uses the restrained label where the
 * environment provides it (method.md §9 prefers it: the omniscient planner calls every sensible
 * search step BAD), else the planner's.
 */
public final class JudgeAccuracy {

    /** Counts against one kind of step label. */
    private static final class LabelCounts {
        long good;
        long bad;
        long truePositive;
        long trueNegative;
        long goodSteps;
        long labelledSteps;

        void add(StepLabel label, List<Judgment> judgments) {
            if (label == StepLabel.UNKNOWN) {
                return;
            }
            labelledSteps++;
            goodSteps += label == StepLabel.GOOD ? 1 : 0;
            for (Judgment j : judgments) {
                if (label == StepLabel.GOOD) {
                    good++;
                    truePositive += j.verdict() == Verdict.POSITIVE ? 1 : 0;
                } else {
                    bad++;
                    trueNegative += j.verdict() == Verdict.NEGATIVE ? 1 : 0;
                }
            }
        }

        boolean any() {
            return good + bad > 0;
        }

        void put(Map<String, Double> out, String prefix) {
            if (!any()) {
                return;
            }
            out.put(prefix + "acc", accuracy().getAsDouble());
            double tpr = good == 0 ? Double.NaN : (double) truePositive / good;
            double tnr = bad == 0 ? Double.NaN : (double) trueNegative / bad;
            if (good > 0) {
                out.put(prefix + "tpr", tpr);
            }
            if (bad > 0) {
                out.put(prefix + "tnr", tnr);
            }
            if (good > 0 && bad > 0) {
                out.put(prefix + "balanced_acc", (tpr + tnr) / 2);
            }
            out.put(prefix + "good_rate", (double) goodSteps / labelledSteps);
        }

        OptionalDouble accuracy() {
            return any()
                    ? OptionalDouble.of((double) (truePositive + trueNegative) / (good + bad))
                    : OptionalDouble.empty();
        }

        OptionalDouble balanced() {
            return good > 0 && bad > 0
                    ? OptionalDouble.of(
                            ((double) truePositive / good + (double) trueNegative / bad) / 2)
                    : OptionalDouble.empty();
        }
    }

    private final LabelCounts planner = new LabelCounts();
    private final LabelCounts restrained = new LabelCounts();
    private long verdicts;
    private long invalid;
    private double verdictSum;
    private long wonVerdicts;
    private long wonPositive;
    private long failedVerdicts;
    private long failedNegative;
    private long won;
    private long wonPredicted;
    private long failed;
    private long failedPredicted;

    /**
     * Adds one trajectory with its judgments ({@code judgments.get(i)} are the m judgments of step
     * i).
     */
    public void add(Trajectory trajectory, List<List<Judgment>> judgments) {
        if (judgments.size() != trajectory.length()) {
            throw new IllegalArgumentException(
                    "Judgments for "
                            + judgments.size()
                            + " steps, but the trajectory has "
                            + trajectory.length()
                            + ".");
        }
        double validSum = 0;
        int valid = 0;
        for (int i = 0; i < trajectory.length(); i++) {
            Step step = trajectory.steps().get(i);
            List<Judgment> stepJudgments = judgments.get(i);
            planner.add(step.label(), stepJudgments);
            restrained.add(step.restrainedLabel(), stepJudgments);
            for (Judgment judgment : stepJudgments) {
                verdicts++;
                Verdict v = judgment.verdict();
                if (v.isValid()) {
                    valid++;
                    validSum += v.value();
                    verdictSum += v.value();
                } else {
                    invalid++;
                }
                if (trajectory.won()) {
                    wonVerdicts++;
                    wonPositive += v == Verdict.POSITIVE ? 1 : 0;
                } else {
                    failedVerdicts++;
                    failedNegative += v == Verdict.NEGATIVE ? 1 : 0;
                }
            }
        }
        if (trajectory.length() > 0) {
            boolean predictsSuccess = valid > 0 && validSum / valid > 0;
            if (trajectory.won()) {
                won++;
                wonPredicted += predictsSuccess ? 1 : 0;
            } else {
                failed++;
                failedPredicted += predictsSuccess ? 0 : 1;
            }
        }
    }

    /** Adds every judged trajectory of a task's rollouts. */
    public void add(TaskRollouts rollouts) {
        if (!rollouts.judged()) {
            return;
        }
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            add(rollouts.trajectories().get(k), rollouts.judgments().get(k));
        }
    }

    /**
     * Plain process accuracy against the planner's label (kept for continuity; see the balanced
     * figures).
     */
    public OptionalDouble processAccuracy() {
        return planner.accuracy();
    }

    /** The headline balanced process accuracy: against the restrained label when there is one. */
    public OptionalDouble balancedProcessAccuracy() {
        return restrained.any() ? restrained.balanced() : planner.balanced();
    }

    /** The share of trajectories whose outcome the mean verdict predicts. */
    public OptionalDouble outcomeAccuracy() {
        long n = won + failed;
        return n == 0 || verdicts == 0
                ? OptionalDouble.empty()
                : OptionalDouble.of((double) (wonPredicted + failedPredicted) / n);
    }

    /** Outcome accuracy balanced over won and failed trajectories (needs both). */
    public OptionalDouble balancedOutcomeAccuracy() {
        return won == 0 || failed == 0 || verdicts == 0
                ? OptionalDouble.empty()
                : OptionalDouble.of(
                        ((double) wonPredicted / won + (double) failedPredicted / failed) / 2);
    }

    /** μ = p₊ + p₋ of Theorem 1 (needs won and failed trajectories). */
    public OptionalDouble mu() {
        return wonVerdicts == 0 || failedVerdicts == 0
                ? OptionalDouble.empty()
                : OptionalDouble.of(
                        (double) wonPositive / wonVerdicts
                                + (double) failedNegative / failedVerdicts);
    }

    public OptionalDouble invalidRate() {
        return verdicts == 0
                ? OptionalDouble.empty()
                : OptionalDouble.of((double) invalid / verdicts);
    }

    public OptionalDouble verdictMean() {
        return verdicts == 0 ? OptionalDouble.empty() : OptionalDouble.of(verdictSum / verdicts);
    }

    /**
     * Every figure under {@code prefix}: {@code process_acc}, {@code balanced_process_acc}
     * (headline), {@code process/planner/...} and {@code process/restrained/...} ({@code acc},
     * {@code tpr}, {@code tnr}, {@code balanced_acc}, {@code good_rate}), {@code p_plus}, {@code
     * p_minus}, {@code mu}, {@code outcome_acc}, {@code balanced_outcome_acc}, {@code won_rate},
     * {@code invalid_rate}, {@code verdict/mean}; figures without data are left out.
     */
    public Map<String, Double> figures(String prefix) {
        Map<String, Double> out = new LinkedHashMap<>();
        processAccuracy().ifPresent(v -> out.put(prefix + "process_acc", v));
        balancedProcessAccuracy().ifPresent(v -> out.put(prefix + "balanced_process_acc", v));
        planner.put(out, prefix + "process/planner/");
        restrained.put(out, prefix + "process/restrained/");
        if (wonVerdicts > 0) {
            out.put(prefix + "p_plus", (double) wonPositive / wonVerdicts);
        }
        if (failedVerdicts > 0) {
            out.put(prefix + "p_minus", (double) failedNegative / failedVerdicts);
        }
        mu().ifPresent(v -> out.put(prefix + "mu", v));
        outcomeAccuracy().ifPresent(v -> out.put(prefix + "outcome_acc", v));
        balancedOutcomeAccuracy().ifPresent(v -> out.put(prefix + "balanced_outcome_acc", v));
        if (won + failed > 0) {
            out.put(prefix + "won_rate", (double) won / (won + failed));
        }
        invalidRate().ifPresent(v -> out.put(prefix + "invalid_rate", v));
        verdictMean().ifPresent(v -> out.put(prefix + "verdict/mean", v));
        return out;
    }
}
