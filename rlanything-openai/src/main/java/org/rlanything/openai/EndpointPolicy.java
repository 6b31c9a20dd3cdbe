package org.rlanything.openai;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.Step;
import org.rlanything.core.Task;
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

    /** ALFWorld's system message, which the local chat form ({@link ChatPrompts}) keeps. */
    static final String SYSTEM = PromptText.HOUSEHOLD.policySystem();

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

    /** The task's {@link Task#describe}, 10 earlier steps, observations cut at 1000 characters. */
    public EndpointPolicy(ChatClient client) {
        this(client, new PromptWindow(Task::describe, 10, 1000));
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
                        prompt(
                                context,
                                window.taskText(),
                                window.historySteps(),
                                window.maxObservationChars())));
    }

    /**
     * The messages for one context with these prompt settings (see the constructor), without an
     * endpoint: what a local chat model (rlanything-neural) reads too.
     */
    public static List<ChatMessage> messages(
            PolicyContext context,
            Function<Task, String> taskText,
            int historySteps,
            int maxObservationChars) {
        return List.of(
                ChatMessage.system(SYSTEM),
                ChatMessage.user(prompt(context, taskText, historySteps, maxObservationChars)));
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
        return prompt(
                context, window.taskText(), window.historySteps(), window.maxObservationChars());
    }

    private static String prompt(
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
}
