package org.rlanything.openai;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Step;
import org.rlanything.core.Task;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verdict;

/**
 * The generative step judge of method.md §4 served by an endpoint: the prompt holds the task, the
 * first observation, the trajectory so far (each command and what followed; the last {@code
 * historySteps}), the judged step's full response (reasoning and action), the command executed and
 * the observation that followed, and the rubric of [R]; the model reasons, then ends with {@code
 * \boxed{1}} or {@code \boxed{-1}}. The m samples of a step are one request with {@code n = m}.
 * Verdicts are read with {@link Verdict#parse} (the last box, exactly {@code 1}, {@code +1} or
 * {@code -1}) from the text after any {@code <think>} block; anything else, and a reply the server
 * sent without text, is an invalid verdict, neutral in the policy's reward and penalised in the
 * judge's (counted as {@code invalid_verdicts}). Not trained by the loop: {@link #update} changes
 * nothing.
 */
public final class EndpointJudge implements RewardModel {

    /** ALFWorld's system message, which the local chat form ({@link ChatPrompts}) keeps. */
    static final String SYSTEM = PromptText.HOUSEHOLD.judgeSystem();

    static final String RUBRIC =
            "Is this step good? Answer +1 only if the action suits the task and the situation, "
                    + "the agent's reasoning is relevant and invents no facts, and the observation that followed is "
                    + "consistent with the action; otherwise -1. Reason briefly, then end with \\boxed{1} or \\boxed{-1}.";

    private final ChatClient client;
    private final PromptWindow window;
    private final PromptText text;

    /**
     * @param client the endpoint (role {@code reward_model})
     * @param window what the prompt shows of the episode (the first observation is always shown)
     */
    public EndpointJudge(ChatClient client, PromptWindow window) {
        this(client, window, PromptText.HOUSEHOLD);
    }

    /**
     * @param client the endpoint (role {@code reward_model})
     * @param window what the prompt shows of the episode
     * @param text the environment's words in the system message
     */
    public EndpointJudge(ChatClient client, PromptWindow window, PromptText text) {
        this.client = Objects.requireNonNull(client, "client");
        this.window = Objects.requireNonNull(window, "window");
        this.text = Objects.requireNonNull(text, "text");
    }

    /** The task's {@link Task#describe}, 20 earlier steps, observations cut at 1000 characters. */
    public EndpointJudge(ChatClient client) {
        this(client, new PromptWindow(Task::describe, 20, 1000));
    }

    /** The messages sent to judge one step: the system message and the prompt. */
    public List<ChatMessage> messages(JudgeRequest request) {
        return List.of(
                ChatMessage.system(text.judgeSystem()),
                ChatMessage.user(
                        prompt(
                                request,
                                window.taskText(),
                                window.historySteps(),
                                window.maxObservationChars())));
    }

    /**
     * The messages to judge one step with these prompt settings (see the constructor), without an
     * endpoint: what a local chat model (rlanything-neural) reads too.
     */
    public static List<ChatMessage> messages(
            JudgeRequest request,
            Function<Task, String> taskText,
            int historySteps,
            int maxObservationChars) {
        return List.of(
                ChatMessage.system(SYSTEM),
                ChatMessage.user(prompt(request, taskText, historySteps, maxObservationChars)));
    }

    /**
     * The verdict of a judge's reply, read after any {@code <think>} block, as for an endpoint
     * judge.
     */
    public static Verdict verdict(String reply) {
        return Verdict.parse(Texts.withoutThinking(reply));
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        if (requests.size() != rngs.size()) {
            throw new IllegalArgumentException(
                    requests.size() + " requests but " + rngs.size() + " generators.");
        }
        List<ChatRequest> chats = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            chats.add(new ChatRequest(messages(requests.get(i)), rngs.get(i).nextLong()));
        }
        List<ChatResult> results = client.completeAll(chats, m);
        List<List<Judgment>> out = new ArrayList<>(requests.size());
        for (ChatResult result : results) {
            List<Judgment> judgments = new ArrayList<>(m);
            for (Completion c : result.completions()) {
                Judgment j =
                        new Judgment(
                                c.textOrEmpty(),
                                Verdict.parse(Texts.withoutThinking(c.textOrEmpty())),
                                0.0,
                                null);
                if (!j.verdict().isValid()) {
                    client.metrics().increment("invalid_verdicts");
                }
                judgments.add(
                        new Judgment(
                                j.text(),
                                j.verdict(),
                                0.0,
                                new EndpointReply(
                                        c.textOrEmpty(),
                                        c.error(),
                                        j.verdict().isValid()
                                                ? Integer.toString(j.verdict().value())
                                                : "",
                                        null)));
            }
            out.add(judgments);
        }
        return out;
    }

    /** An endpoint judge is not trained by the loop: nothing changes. */
    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        return UpdateStats.empty();
    }

    /** The user message for one step. */
    String prompt(JudgeRequest request) {
        return prompt(
                request, window.taskText(), window.historySteps(), window.maxObservationChars());
    }

    private static String prompt(
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
