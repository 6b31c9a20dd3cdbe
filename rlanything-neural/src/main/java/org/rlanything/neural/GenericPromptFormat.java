package org.rlanything.neural;

import java.util.List;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;

/**
 * A plain, environment-neutral prompt: the task description, the last few actions with the
 * observations that followed, the current observation, and (optionally) the admissible commands.
 * The policy's response follows {@code "> "}; the judge's follows {@code "Judgment:"} and should
 * end with {@code \boxed{1}} or {@code \boxed{-1}}.
 *
 * @param historySteps how many earlier steps to show
 * @param listActions whether to list the admissible commands in the policy prompt
 */
public record GenericPromptFormat(int historySteps, boolean listActions) implements PromptFormat {

    public GenericPromptFormat {
        if (historySteps < 0) {
            throw new IllegalArgumentException(
                    "historySteps must be >= 0, got " + historySteps + ".");
        }
    }

    /** Three steps of history, admissible commands listed. */
    public static GenericPromptFormat defaults() {
        return new GenericPromptFormat(3, true);
    }

    @Override
    public String policyPrompt(PolicyContext context) {
        StringBuilder sb = new StringBuilder();
        sb.append("Task: ").append(context.task().describe()).append('\n');
        appendHistory(sb, context.history());
        sb.append("Now: ").append(context.observation()).append('\n');
        if (listActions && !context.admissibleActions().isEmpty()) {
            sb.append("Actions: ")
                    .append(String.join("; ", context.admissibleActions()))
                    .append('\n');
        }
        return sb.append("> ").toString();
    }

    @Override
    public String judgePrompt(JudgeRequest request) {
        Trajectory t = request.trajectory();
        Step step = request.step();
        StringBuilder sb = new StringBuilder();
        sb.append("Task: ").append(t.task().describe()).append('\n');
        appendHistory(sb, t.steps().subList(0, request.stepIndex()));
        sb.append("Now: ").append(step.observation()).append('\n');
        sb.append("Step: ").append(step.action().response()).append('\n');
        sb.append("Result: ").append(step.nextObservation()).append('\n');
        sb.append("Is the step good? End with \\boxed{1} or \\boxed{-1}.\n");
        return sb.append("Judgment:").toString();
    }

    private void appendHistory(StringBuilder sb, List<Step> history) {
        for (Step s : history.subList(Math.max(0, history.size() - historySteps), history.size())) {
            sb.append("> ")
                    .append(s.action().command())
                    .append('\n')
                    .append(s.nextObservation())
                    .append('\n');
        }
    }
}
