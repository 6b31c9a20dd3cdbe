package org.rlanything.openai;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rlanything.chat.ChatMessage;
import org.rlanything.chat.Texts;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;

/**
 * A task rewriter served by an endpoint, generic over environments: the prompt shows the active
 * task in the environment's text form ({@code taskText}, for example a {@link
 * org.rlanything.core.TaskCodec}'s encoding when it is human-editable, else {@link Task#describe}),
 * its accuracy, the direction (harder or easier), the critic feedback ({@link
 * org.rlanything.core.CriticFeedback#summary()}) and an optional note on the format's rules; the
 * model writes the new task between {@code <task>} and {@code </task>}. The last such block is read
 * (a fenced code block is accepted instead) and given to {@code parseTask}; text it refuses ({@link
 * IllegalArgumentException}), or a reply without a block, is no rewrite, counted as {@code
 * rewrites_invalid}. A parsed task is returned for the loop to check with {@link
 * org.rlanything.core.Environment#verify} (valid and winnable) before it becomes a candidate.
 */
public final class EndpointRewriter implements Rewriter {

    static final String SYSTEM =
            "You rewrite tasks of a training environment to make them harder or easier for "
                    + "an agent, keeping them valid and solvable.";

    private static final Pattern TASK =
            Pattern.compile("<task>\\s*(.*?)\\s*</task>", Pattern.DOTALL);
    private static final Pattern FENCE = Pattern.compile("```[^\\n]*\\n(.*?)```", Pattern.DOTALL);

    private final ChatClient client;
    private final Function<Task, String> taskText;
    private final Function<String, Task> parseTask;
    private final String formatNote;

    /**
     * @param client the endpoint (role {@code rewriter})
     * @param taskText a task's text form, shown to the model
     * @param parseTask reads the model's task back; throws {@link IllegalArgumentException} for
     *     text that is not a task
     * @param formatNote the task format's rules, shown to the model (may be empty)
     */
    public EndpointRewriter(
            ChatClient client,
            Function<Task, String> taskText,
            Function<String, Task> parseTask,
            String formatNote) {
        this.client = Objects.requireNonNull(client, "client");
        this.taskText = Objects.requireNonNull(taskText, "taskText");
        this.parseTask = Objects.requireNonNull(parseTask, "parseTask");
        this.formatNote = Objects.requireNonNull(formatNote, "formatNote");
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        ChatRequest chat =
                new ChatRequest(
                        List.of(ChatMessage.system(SYSTEM), ChatMessage.user(prompt(request))),
                        rng.nextLong());
        Completion reply = client.complete(chat, 1).completions().get(0);
        Optional<String> text = taskBlock(Texts.withoutThinking(reply.textOrEmpty()));
        if (text.isEmpty()) {
            client.metrics().increment("rewrites_invalid");
            return Optional.empty();
        }
        try {
            Task task = parseTask.apply(text.get());
            if (task == null) {
                throw new IllegalArgumentException("no task");
            }
            client.metrics().increment("rewrites_parsed");
            return Optional.of(task);
        } catch (IllegalArgumentException e) {
            client.metrics().increment("rewrites_invalid");
            return Optional.empty();
        }
    }

    /** The user message for one request. */
    String prompt(RewriteRequest request) {
        String goal = request.goal().name().toLowerCase(Locale.ROOT);
        StringBuilder sb = new StringBuilder(2048);
        sb.append("Here is a task in the environment's task format:\n<task>\n")
                .append(taskText.apply(request.active()).strip())
                .append("\n</task>\n\n");
        sb.append(
                String.format(
                        Locale.ROOT,
                        "The agent solved it in %.0f%% of its attempts. Write a %s task: ",
                        100 * request.previousAccuracy(),
                        goal));
        sb.append(
                request.goal() == RewriteGoal.HARDER
                        ? "change it so that the agent needs more search or rarer knowledge, keeping it solvable.\n\n"
                        : "change it so that it needs less search and more common knowledge, keeping it solvable.\n\n");
        sb.append("Critic feedback on the agent's attempts:\n")
                .append(request.critic().summary())
                .append("\n\n");
        if (!formatNote.isBlank()) {
            sb.append(formatNote.strip()).append("\n\n");
        }
        return sb.append(
                        "Write the new task in exactly the same format between <task> and </task>, nothing after.")
                .toString();
    }

    /** The last {@code <task>} block of a reply, else its last fenced code block. */
    static Optional<String> taskBlock(String reply) {
        String found = null;
        Matcher m = TASK.matcher(reply);
        while (m.find()) {
            found = m.group(1);
        }
        if (found == null) {
            Matcher f = FENCE.matcher(reply);
            while (f.find()) {
                found = f.group(1).strip();
            }
        }
        return found == null || found.isBlank() ? Optional.empty() : Optional.of(found);
    }
}
