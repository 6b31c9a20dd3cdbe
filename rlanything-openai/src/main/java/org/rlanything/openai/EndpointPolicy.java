package org.rlanything.openai;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rlanything.chat.ActionParser;
import org.rlanything.chat.ChatMessage;
import org.rlanything.chat.HouseholdPrompts;
import org.rlanything.chat.PromptWindow;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;
import org.rlanything.core.UpdateStats;

/**
 * A policy served by an endpoint, with a ReAct-style prompt for list-of-commands environments such
 * as ALFWorld: the task, the last {@code historySteps} steps (command and the observation that
 * followed), the current observation and the numbered admissible commands; the model thinks, then
 * writes one action in {@code \boxed{}} (or as its last line). {@link ActionParser} maps the answer
 * to a command; a reply with no usable action sends the empty command, which ALFWorld answers with
 * "Nothing happens." and counts as a step, and is recorded in the action's {@link EndpointReply}
 * payload and counted as {@code no_action}.
 *
 * <p>Each context's request seed is one draw of its random generator, so replies are recorded and
 * replayed per context (see {@link ResponseLog}). The loop does not train an endpoint: {@link
 * #update} changes nothing (the samples are exported for an external trainer instead). {@link
 * Action#logProb()} is 0: the server's log-probabilities are not needed by an untrained policy.
 */
public final class EndpointPolicy implements Policy {

    private final ChatClient client;
    private final PromptWindow window;
    private final PromptText text;

    /**
     * @param client the endpoint (role {@code policy})
     * @param window what the prompt shows of the episode (for ALFWorld, the task text is the goal
     *     sentence)
     */
    public EndpointPolicy(ChatClient client, PromptWindow window) {
        this(client, window, PromptText.HOUSEHOLD);
    }

    /**
     * @param client the endpoint (role {@code policy})
     * @param window what the prompt shows of the episode
     * @param text the environment's words in the system message
     */
    public EndpointPolicy(ChatClient client, PromptWindow window, PromptText text) {
        this.client = Objects.requireNonNull(client, "client");
        this.window = Objects.requireNonNull(window, "window");
        this.text = Objects.requireNonNull(text, "text");
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        if (contexts.size() != rngs.size()) {
            throw new IllegalArgumentException(
                    contexts.size() + " contexts but " + rngs.size() + " generators.");
        }
        List<ChatRequest> requests = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            requests.add(new ChatRequest(messages(contexts.get(i)), rngs.get(i).nextLong()));
        }
        List<ChatResult> results = client.completeAll(requests, 1);
        List<Action> actions = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            Completion reply = results.get(i).completions().get(0);
            ActionParser.Parsed parsed =
                    ActionParser.parse(reply.textOrEmpty(), contexts.get(i).admissibleActions());
            client.metrics().increment("actions/" + parsed.match().name().toLowerCase(Locale.ROOT));
            if (!parsed.usable()) {
                client.metrics().increment("no_action");
            }
            actions.add(
                    new Action(
                            parsed.command(),
                            reply.textOrEmpty(),
                            0.0,
                            new EndpointReply(
                                    reply.textOrEmpty(),
                                    reply.error(),
                                    parsed.answer(),
                                    parsed.match())));
        }
        return actions;
    }

    /** An endpoint policy is not trained by the loop: nothing changes. */
    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        return UpdateStats.empty();
    }

    /** The messages sent for one context: the system message and the prompt. */
    public List<ChatMessage> messages(PolicyContext context) {
        return List.of(
                ChatMessage.system(text.policySystem()),
                ChatMessage.user(
                        HouseholdPrompts.policyPrompt(
                                context,
                                window.taskText(),
                                window.historySteps(),
                                window.maxObservationChars())));
    }

    /**
     * The context the policy saw before {@code step} of {@code trajectory}, to rebuild its messages
     * for export.
     */
    public static PolicyContext contextOf(Trajectory trajectory, Step step) {
        return new PolicyContext(
                trajectory.task(),
                trajectory.steps().subList(0, step.index()),
                step.observation(),
                step.admissibleActions());
    }

    /** The user message for one context. */
    String prompt(PolicyContext context) {
        return messages(context).get(1).content();
    }
}
