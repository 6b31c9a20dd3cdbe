package org.rlanything.openai;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rlanything.chat.ChatMessage;
import org.rlanything.chat.HouseholdPrompts;
import org.rlanything.chat.PromptWindow;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
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

    /** The messages sent to judge one step: the system message and the prompt. */
    public List<ChatMessage> messages(JudgeRequest request) {
        return List.of(
                ChatMessage.system(text.judgeSystem()),
                ChatMessage.user(
                        HouseholdPrompts.judgePrompt(
                                request,
                                window.taskText(),
                                window.historySteps(),
                                window.maxObservationChars())));
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
                                HouseholdPrompts.verdict(c.textOrEmpty()),
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
        return messages(request).get(1).content();
    }
}
