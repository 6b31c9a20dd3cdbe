package org.rlanything.core.loop;

import java.util.List;
import java.util.OptionalDouble;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

/**
 * Accumulates the reward model's accuracy over judged trajectories (method.md §9, [Proj] rules).
 *
 * <ul>
 *   <li><b>process accuracy</b>: every one of the m verdicts on a step with a known oracle label is scored
 *       separately against that label; an invalid verdict counts as wrong; unlabelled steps are skipped;</li>
 *   <li><b>outcome accuracy</b>: a trajectory is predicted successful iff the mean of all its valid
 *       verdicts is > 0 (no valid verdict predicts failure); the figure is the share predicted right.</li>
 * </ul>
 */
public final class JudgeAccuracy {

    private long labelled;
    private long labelledCorrect;
    private long verdicts;
    private long invalid;
    private double verdictSum;
    private long predicted;
    private long predictedCorrect;

    /** Adds one trajectory with its judgments ({@code judgments.get(i)} are the m judgments of step i). */
    public void add(Trajectory trajectory, List<List<Judgment>> judgments) {
        if (judgments.size() != trajectory.length()) {
            throw new IllegalArgumentException("Judgments for " + judgments.size() + " steps, but the trajectory has "
                    + trajectory.length() + ".");
        }
        double validSum = 0;
        int valid = 0;
        for (int i = 0; i < trajectory.length(); i++) {
            Step step = trajectory.steps().get(i);
            Verdict expected = step.label().expectedVerdict();
            for (Judgment judgment : judgments.get(i)) {
                verdicts++;
                if (judgment.verdict().isValid()) {
                    valid++;
                    validSum += judgment.verdict().value();
                    verdictSum += judgment.verdict().value();
                } else {
                    invalid++;
                }
                if (expected != null) {
                    labelled++;
                    labelledCorrect += judgment.verdict() == expected ? 1 : 0;
                }
            }
        }
        if (trajectory.length() > 0) {
            boolean predictsSuccess = valid > 0 && validSum / valid > 0;
            predicted++;
            predictedCorrect += predictsSuccess == trajectory.won() ? 1 : 0;
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

    public OptionalDouble processAccuracy() {
        return labelled == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) labelledCorrect / labelled);
    }

    public OptionalDouble outcomeAccuracy() {
        return predicted == 0 || verdicts == 0 ? OptionalDouble.empty()
                : OptionalDouble.of((double) predictedCorrect / predicted);
    }

    public OptionalDouble invalidRate() {
        return verdicts == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) invalid / verdicts);
    }

    public OptionalDouble verdictMean() {
        return verdicts == 0 ? OptionalDouble.empty() : OptionalDouble.of(verdictSum / verdicts);
    }
}
