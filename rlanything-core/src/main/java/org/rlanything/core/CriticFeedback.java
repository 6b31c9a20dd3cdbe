package org.rlanything.core;

import java.util.List;
import java.util.Objects;

/**
 * The failure summary given to the rewriter, derived from the reward model's judgments (method.md
 * §5).
 *
 * <p>[Proj] per failed rollout: the "high-risk" steps, where all m verdicts were -1, together with
 * the reward model's reasoning on those steps. When no rollout failed the feedback says so. A
 * rewriter LLM summarises this itself; {@link #summary()} gives a deterministic plain-text
 * rendering for rewriters that take text.
 *
 * @param rollouts how many rollouts the task had (N)
 * @param failures one entry per failed rollout, in rollout order
 */
public record CriticFeedback(int rollouts, List<FailedRollout> failures) {
    public CriticFeedback {
        failures = List.copyOf(failures);
    }

    /** One failed rollout and its high-risk steps. */
    public record FailedRollout(int rollout, int steps, List<HighRiskStep> highRiskSteps) {
        public FailedRollout {
            highRiskSteps = List.copyOf(highRiskSteps);
        }
    }

    /** A step every verdict rejected, with the judge's reasoning texts. */
    public record HighRiskStep(
            int stepIndex, String command, String observation, List<String> reasoning) {
        public HighRiskStep {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(observation, "observation");
            reasoning = List.copyOf(reasoning);
        }
    }

    public boolean allSucceeded() {
        return failures.isEmpty();
    }

    /** A deterministic text rendering: one paragraph per failed rollout. */
    public String summary() {
        if (failures.isEmpty()) {
            return "All " + rollouts + " rollouts succeeded.";
        }
        StringBuilder text = new StringBuilder();
        text.append(failures.size()).append(" of ").append(rollouts).append(" rollouts failed.");
        for (FailedRollout failure : failures) {
            text.append("\nRollout ")
                    .append(failure.rollout() + 1)
                    .append(" (")
                    .append(failure.steps())
                    .append(" steps): ");
            if (failure.highRiskSteps().isEmpty()) {
                text.append("no step was rejected by every judgment.");
                continue;
            }
            text.append("high-risk steps ");
            for (int i = 0; i < failure.highRiskSteps().size(); i++) {
                HighRiskStep step = failure.highRiskSteps().get(i);
                text.append(i == 0 ? "" : "; ")
                        .append(step.stepIndex() + 1)
                        .append(" '")
                        .append(step.command())
                        .append("'");
                if (!step.reasoning().isEmpty()) {
                    text.append(" (judge: ").append(step.reasoning().get(0).strip()).append(")");
                }
            }
            text.append('.');
        }
        return text.toString();
    }
}
