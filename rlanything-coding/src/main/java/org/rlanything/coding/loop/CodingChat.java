package org.rlanything.coding.loop;

import java.util.List;
import java.util.function.Function;
import org.rlanything.chat.ChatMessage;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Task;
import org.rlanything.core.Verdict;

/**
 * What the coding roles say and read as chat turns, for Python problems ({@link #PROBLEMS}) or the
 * stack language ({@link #STACK_LANGUAGE}): sent by the endpoint kinds and rendered by a local chat
 * model's template alike. The policy reads its system message and the environment's observation
 * (the problem and the answer format) and answers with a program; the reward model reads its system
 * message and the test writer's prompt for the task and answers with one unit test (its verdict is
 * {@link Verdict#INVALID}: a test is not a verdict). Replies are read after any {@code <think>}
 * block.
 *
 * @param policySystem the policy's system message (its prompt is the environment's observation)
 * @param testWriterSystem the test writer's system message
 * @param testWriterPrompt the test writer's prompt for a task
 * @param program the program in a policy answer (empty text when there is none)
 */
public record CodingChat(
        String policySystem,
        String testWriterSystem,
        Function<Task, String> testWriterPrompt,
        Function<String, String> program)
        implements ChatPrompts {

    /** Python stdin/stdout problems ({@link CodingPrompts}). */
    public static final CodingChat PROBLEMS =
            new CodingChat(
                    CodingPrompts.POLICY_SYSTEM,
                    CodingPrompts.TEST_WRITER_SYSTEM,
                    task -> CodingPrompts.testWriterPrompt(CodingEnvironment.problem(task)),
                    CodingEnvironment::program);

    /** The stack language ({@link MiniPrompts}). */
    public static final CodingChat STACK_LANGUAGE =
            new CodingChat(
                    "You write programs in a small stack language. "
                            + MiniPrompts.LANGUAGE
                            + " Answer with the program alone on one line.",
                    "You write unit tests for stack-language problems: an input and the exact"
                            + " expected output. Answer with one line: TEST: <input numbers> ->"
                            + " <output numbers>",
                    task -> MiniPrompts.testWriterPrompt(MiniEnvironment.problem(task)),
                    MiniPrompts::program);

    @Override
    public List<ChatMessage> policy(PolicyContext context) {
        return List.of(ChatMessage.system(policySystem), ChatMessage.user(context.observation()));
    }

    @Override
    public String command(String reply, PolicyContext context) {
        return program.apply(ChatPrompts.withoutThinking(reply));
    }

    @Override
    public List<ChatMessage> judge(JudgeRequest request) {
        return List.of(
                ChatMessage.system(testWriterSystem),
                ChatMessage.user(testWriterPrompt.apply(request.task())));
    }

    @Override
    public Verdict verdict(String reply) {
        return Verdict.INVALID;
    }
}
