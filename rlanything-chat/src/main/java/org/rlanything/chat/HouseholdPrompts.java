package org.rlanything.chat;

import java.util.List;
import java.util.function.Function;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.Task;
import org.rlanything.core.Verdict;

/**
 * The household (ALFWorld-style) turns: what a policy reads (a ReAct-style prompt: the task, the
 * last steps, the current observation, the numbered admissible commands; one action in {@code
 * \boxed{}}) and what a step judge reads (the task, the first observation, the trajectory so far,
 * the judged step's response, command and the observation that followed, and the rubric; a verdict
 * {@code \boxed{1}} or {@code \boxed{-1}}). The endpoint kinds send these turns to a server and a
 * local chat model renders them with its own template, so both read the same words.
 */
public final class HouseholdPrompts {

    public static final String POLICY_SYSTEM =
            "You are an agent in a text-based household environment. Each turn you see your "
                    + "task, what happened so far, the current observation and the admissible actions. Think briefly about "
                    + "what to do next, then give exactly one admissible action inside \\boxed{}, for example "
                    + "\\boxed{go to countertop 1}.";

    public static final String JUDGE_SYSTEM =
            "You judge single steps of an agent acting in a text-based household environment.";

    public static final String RUBRIC =
            "Is this step good? Answer +1 only if the action suits the task and the situation, "
                    + "the agent's reasoning is relevant and invents no facts, and the observation that followed is "
                    + "consistent with the action; otherwise -1. Reason briefly, then end with \\boxed{1} or \\boxed{-1}.";

    private HouseholdPrompts() {}

    /**
     * The messages for one context with these prompt settings (see the constructor), without an
     * endpoint: what a local chat model (rlanything-neural) reads too.
     */
    public static List<ChatMessage> policy(
            PolicyContext context,
            Function<Task, String> taskText,
            int historySteps,
            int maxObservationChars) {
        return List.of(
                ChatMessage.system(POLICY_SYSTEM),
                ChatMessage.user(
                        policyPrompt(context, taskText, historySteps, maxObservationChars)));
    }

    /**
     * The messages to judge one step with these prompt settings (see the constructor), without an
     * endpoint: what a local chat model (rlanything-neural) reads too.
     */
    public static List<ChatMessage> judge(
            JudgeRequest request,
            Function<Task, String> taskText,
            int historySteps,
            int maxObservationChars) {
        return List.of(
                ChatMessage.system(JUDGE_SYSTEM),
                ChatMessage.user(
                        judgePrompt(request, taskText, historySteps, maxObservationChars)));
    }

    /**
     * The verdict of a judge's reply, read after any {@code <think>} block, as for an endpoint
     * judge.
     */
    public static Verdict verdict(String reply) {
        return Verdict.parse(Texts.withoutThinking(reply));
    }

    /** The policy's user message: task, history, observation and the admissible actions. */
    public static String policyPrompt(
            PolicyContext context,
            Function<Task, String> taskText,
            int historySteps,
            int maxObservationChars) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("Your task: ").append(taskText.apply(context.task()).strip()).append("\n\n");
        List<Step> history = context.history();
        if (!history.isEmpty() && historySteps > 0) {
            int from = Math.max(0, history.size() - historySteps);
            sb.append(
                    from == 0
                            ? "What happened so far:\n"
                            : "The last "
                                    + (history.size() - from)
                                    + " of "
                                    + history.size()
                                    + " steps:\n");
            for (Step s : history.subList(from, history.size())) {
                sb.append("> ")
                        .append(Texts.command(s.action().command()))
                        .append('\n')
                        .append(Texts.cut(s.nextObservation(), maxObservationChars))
                        .append('\n');
            }
            sb.append('\n');
        }
        sb.append("Current observation:\n")
                .append(Texts.cut(context.observation(), maxObservationChars))
                .append("\n\n");
        List<String> admissible = context.admissibleActions();
        if (admissible.isEmpty()) {
            sb.append("Think, then give your action inside \\boxed{}.");
        } else {
            sb.append("Admissible actions:\n");
            for (int i = 0; i < admissible.size(); i++) {
                sb.append(i + 1).append(". ").append(admissible.get(i)).append('\n');
            }
            sb.append(
                    "\nThink, then give one admissible action, exactly as written, inside \\boxed{}.");
        }
        return sb.toString();
    }

    /** The judge's user message: task, history, the judged step and the rubric. */
    public static String judgePrompt(
            JudgeRequest request,
            Function<Task, String> taskText,
            int historySteps,
            int maxObservationChars) {
        StringBuilder sb = new StringBuilder(2048);
        sb.append("Task: ").append(taskText.apply(request.task()).strip()).append("\n\n");
        List<Step> steps = request.trajectory().steps();
        Step judged = request.step();
        sb.append("Initial observation:\n")
                .append(Texts.cut(steps.get(0).observation(), maxObservationChars))
                .append("\n\n");
        int from = Math.max(0, request.stepIndex() - historySteps);
        if (request.stepIndex() > from) {
            sb.append(
                    from == 0
                            ? "The agent's earlier steps:\n"
                            : "The agent's last "
                                    + (request.stepIndex() - from)
                                    + " of "
                                    + request.stepIndex()
                                    + " earlier steps:\n");
            for (Step s : steps.subList(from, request.stepIndex())) {
                sb.append("Step ")
                        .append(s.index() + 1)
                        .append(": > ")
                        .append(Texts.command(s.action().command()))
                        .append('\n')
                        .append(Texts.cut(s.nextObservation(), maxObservationChars))
                        .append('\n');
            }
            sb.append('\n');
        }
        sb.append("The step to judge (step ").append(judged.index() + 1).append(").\n");
        if (!judged.action().response().isBlank()) {
            sb.append("The agent's reasoning and answer:\n")
                    .append(judged.action().response().strip())
                    .append('\n');
        }
        sb.append("Action executed: ")
                .append(Texts.command(judged.action().command()))
                .append('\n');
        sb.append("Observation that followed:\n")
                .append(Texts.cut(judged.nextObservation(), maxObservationChars))
                .append("\n\n");
        return sb.append(RUBRIC).toString();
    }
}
