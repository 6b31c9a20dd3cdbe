package org.rlanything.agent;

import java.util.List;
import java.util.function.Function;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

/**
 * The reward model's accuracies of method.md §9 on judged trajectories, with the planner as the labeller
 * ([Proj]: a step is GOOD when it shortens the remaining optimal plan).
 *
 * <ul>
 *   <li><b>process accuracy</b>: every one of the m verdicts of every labelled step is scored on its own
 *       against the step's label (GOOD wants +1, BAD wants -1); an invalid verdict is wrong; steps
 *       without a label ({@link StepLabel#UNKNOWN}) are skipped;</li>
 *   <li><b>outcome accuracy</b>: per trajectory, success is predicted iff the mean of all valid verdicts
 *       over its steps is &gt; 0 (no valid verdict: mean 0, failure predicted); the fraction of
 *       trajectories predicted correctly.</li>
 * </ul>
 * {@code judgments.get(k).get(i)} holds the m judgments of step i of trajectory k.
 */
public final class RewardModelMetrics {

    private RewardModelMetrics() {
    }

    /** Counts behind the two accuracies; NaN accuracy when there is nothing to score. */
    public record Counts(long correctVerdicts, long scoredVerdicts, long correctOutcomes, long trajectories) {

        public double processAccuracy() {
            return scoredVerdicts == 0 ? Double.NaN : (double) correctVerdicts / scoredVerdicts;
        }

        public double outcomeAccuracy() {
            return trajectories == 0 ? Double.NaN : (double) correctOutcomes / trajectories;
        }

        public Counts plus(Counts o) {
            return new Counts(correctVerdicts + o.correctVerdicts, scoredVerdicts + o.scoredVerdicts,
                    correctOutcomes + o.correctOutcomes, trajectories + o.trajectories);
        }
    }

    /** The counts against the omniscient planner's labels ({@link Step#label()}). */
    public static Counts count(List<Trajectory> trajectories, List<List<List<Judgment>>> judgments) {
        return count(trajectories, judgments, Step::label);
    }

    /**
     * The counts against the labels {@code labeller} reads off each step (e.g. {@link Step#restrainedLabel()},
     * the oracle restrained to what the agent has seen; method.md §9 asks for both).
     */
    public static Counts count(List<Trajectory> trajectories, List<List<List<Judgment>>> judgments,
                               Function<Step, StepLabel> labeller) {
        if (trajectories.size() != judgments.size()) {
            throw new IllegalArgumentException("Judgments for " + judgments.size() + " trajectories, but "
                    + trajectories.size() + " trajectories.");
        }
        long correct = 0;
        long scored = 0;
        long outcomes = 0;
        for (int k = 0; k < trajectories.size(); k++) {
            Trajectory t = trajectories.get(k);
            List<List<Judgment>> steps = judgments.get(k);
            if (steps.size() != t.length()) {
                throw new IllegalArgumentException("Trajectory " + k + " has " + t.length() + " steps but judgments for "
                        + steps.size() + ".");
            }
            long sum = 0;
            for (int i = 0; i < t.length(); i++) {
                Verdict expected = labeller.apply(t.steps().get(i)).expectedVerdict();
                for (Judgment j : steps.get(i)) {
                    sum += j.verdict().value();
                    if (expected != null) {
                        scored++;
                        if (j.verdict() == expected) {
                            correct++;
                        }
                    }
                }
            }
            boolean predictsSuccess = sum > 0; // the mean of the valid verdicts has the sign of their sum
            if (predictsSuccess == t.won()) {
                outcomes++;
            }
        }
        return new Counts(correct, scored, outcomes, trajectories.size());
    }
}
