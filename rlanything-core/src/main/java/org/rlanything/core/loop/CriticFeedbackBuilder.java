package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

/**
 * Derives the critic feedback for a task from its judged rollouts (method.md §5, [Proj]): for each
 * failed rollout, the high-risk steps (every one of the m verdicts is -1) with the reward model's
 * reasoning on them.
 */
public final class CriticFeedbackBuilder {

    private CriticFeedbackBuilder() {}

    public static CriticFeedback of(TaskRollouts rollouts) {
        List<CriticFeedback.FailedRollout> failures = new ArrayList<>();
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            Trajectory trajectory = rollouts.trajectories().get(k);
            if (trajectory.won()) {
                continue;
            }
            List<CriticFeedback.HighRiskStep> highRisk = new ArrayList<>();
            if (rollouts.judged()) {
                for (int i = 0; i < trajectory.length(); i++) {
                    List<Judgment> judgments = rollouts.judgments().get(k).get(i);
                    boolean allNegative =
                            !judgments.isEmpty()
                                    && judgments.stream()
                                            .allMatch(j -> j.verdict() == Verdict.NEGATIVE);
                    if (allNegative) {
                        Step step = trajectory.steps().get(i);
                        List<String> reasoning = new ArrayList<>();
                        for (Judgment judgment : judgments) {
                            reasoning.add(judgment.text());
                        }
                        highRisk.add(
                                new CriticFeedback.HighRiskStep(
                                        i,
                                        step.action().command(),
                                        step.nextObservation(),
                                        reasoning));
                    }
                }
            }
            failures.add(
                    new CriticFeedback.FailedRollout(
                            trajectory.rollout(), trajectory.length(), highRisk));
        }
        return new CriticFeedback(rollouts.trajectories().size(), failures);
    }
}
