package org.rlanything.chat;

import java.util.List;
import java.util.function.Function;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Task;
import org.rlanything.core.Verdict;

/**
 * A setting's chat form (method.md §7): the system and user turns its policy and its reward model
 * read, and how their free-text replies are read back. The endpoint kinds send these turns to a
 * server; a local chat model (rlanything-neural) renders the same turns with its own chat template,
 * so both are served by one implementation per setting: {@link #household} for list-of-commands
 * environments such as ALFWorld, the coding setting's own for programs and unit tests.
 */
public interface ChatPrompts {

    /** The turns the policy reads for {@code context}: a system message, then the prompt. */
    List<ChatMessage> policy(PolicyContext context);

    /**
     * The environment command a policy reply stands for (empty text when it holds none), read after
     * any {@code <think>} block.
     */
    String command(String reply, PolicyContext context);

    /** The turns the reward model reads for {@code request}: a system message, then the prompt. */
    List<ChatMessage> judge(JudgeRequest request);

    /**
     * The verdict of a reward-model reply ({@link Verdict#INVALID} for a reward model whose reply
     * is not a verdict, such as a unit test).
     */
    Verdict verdict(String reply);

    /**
     * The reply without the {@code <think>...</think>} blocks of reasoning models (an unclosed one,
     * cut at the length limit, runs to the end): the part an answer is read from.
     */
    static String withoutThinking(String reply) {
        return Texts.withoutThinking(reply);
    }

    /**
     * The household (ALFWorld-style) chat form of the endpoint kinds and the local chat models
     * ({@link HouseholdPrompts}): the task, the last {@code policyHistory} (judge: {@code
     * judgeHistory}) steps, observations cut at {@code maxObservationChars}, the numbered
     * admissible commands; the command read by {@link ActionParser} ({@code \boxed{command}} or its
     * index), the verdict from {@code \boxed{1}} / {@code \boxed{-1}}.
     */
    static ChatPrompts household(
            Function<Task, String> taskText,
            int policyHistory,
            int judgeHistory,
            int maxObservationChars) {
        return new ChatPrompts() {
            @Override
            public List<ChatMessage> policy(PolicyContext context) {
                return HouseholdPrompts.policy(
                        context, taskText, policyHistory, maxObservationChars);
            }

            @Override
            public String command(String reply, PolicyContext context) {
                return ActionParser.parse(reply, context.admissibleActions()).command();
            }

            @Override
            public List<ChatMessage> judge(JudgeRequest request) {
                return HouseholdPrompts.judge(request, taskText, judgeHistory, maxObservationChars);
            }

            @Override
            public Verdict verdict(String reply) {
                return HouseholdPrompts.verdict(reply);
            }
        };
    }
}
