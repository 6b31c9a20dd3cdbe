package org.rlanything.coding.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.chat.ChatMessage;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.CodingTask;
import org.rlanything.coding.IoKind;
import org.rlanything.coding.StdioTest;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.ProblemFamily;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

/**
 * The coding setting's chat form ({@link CodingChat}), which the endpoint kinds send and a local
 * chat model renders: the turns carry the reference's contents, and replies are read by the
 * endpoint parsers after any thinking.
 */
class CodingChatPromptsTest {

    private static JudgeRequest request(Task task) {
        Step step =
                new Step(
                        0,
                        "problem",
                        List.of(),
                        new Action("", "", 0.0, null),
                        "",
                        StepLabel.UNKNOWN,
                        StepLabel.UNKNOWN);
        return new JudgeRequest(new Trajectory(task, 0, List.of(step), false), 0);
    }

    @Test
    void pythonProblemsAskForAProgramAndATestAndReadTheLastBlockAfterThinking() {
        CodingProblem problem =
                new CodingProblem(
                        "p1",
                        Language.PYTHON,
                        IoKind.STDIO,
                        "Print the sum of two integers.",
                        "",
                        Optional.empty(),
                        List.of(new StdioTest("1 2\n", "3\n")));
        CodingTask task = new CodingTask(problem);
        CodingChat chat = CodingChat.PROBLEMS;
        PolicyContext context =
                new PolicyContext(task, List.of(), CodingPrompts.policyPrompt(problem), List.of());
        assertEquals(
                List.of(
                        ChatMessage.system(CodingPrompts.POLICY_SYSTEM),
                        ChatMessage.user(CodingPrompts.policyPrompt(problem))),
                chat.policy(context));
        assertEquals(
                List.of(
                        ChatMessage.system(CodingPrompts.TEST_WRITER_SYSTEM),
                        ChatMessage.user(CodingPrompts.testWriterPrompt(problem))),
                chat.judge(request(task)));
        String answer = "```python\nprint(sum(map(int, input().split())))\n```";
        assertEquals(
                "print(sum(map(int, input().split())))\n",
                chat.command("Easy.\n" + answer, context));
        // a block inside the thinking is not the answer
        assertEquals(
                "print(sum(map(int, input().split())))\n",
                chat.command("<think>```python\nprint(0)\n```</think>\n" + answer, context));
        assertEquals("", chat.command("<think>```python\nprint(0)\n```</think> no code", context));
        assertEquals(Verdict.INVALID, chat.verdict("**Test Input:** ..."));
    }

    @Test
    void theStackLanguageAsksForOneLineAndReadsItAfterThinking() {
        MiniProblem sum =
                new MiniProblemGenerator(6)
                        .generate(ProblemFamily.SUM_TWO, new SplittableRandom(1));
        MiniTask task = new MiniTask(sum);
        CodingChat chat = CodingChat.STACK_LANGUAGE;
        PolicyContext context =
                new PolicyContext(task, List.of(), MiniPrompts.policyPrompt(sum), List.of());
        List<ChatMessage> policy = chat.policy(context);
        assertEquals(2, policy.size());
        assertEquals(ChatMessage.system(chat.policySystem()), policy.get(0));
        assertEquals(ChatMessage.user(MiniPrompts.policyPrompt(sum)), policy.get(1));
        assertEquals(
                List.of(
                        ChatMessage.system(chat.testWriterSystem()),
                        ChatMessage.user(MiniPrompts.testWriterPrompt(sum))),
                chat.judge(request(task)));
        assertEquals("add", chat.command("add\nit adds", context));
        assertEquals("swap add", chat.command("<think>\nadd? no\n</think>\n\nswap add", context));
        assertEquals("", chat.command("<think>\nadd, cut short", context));
        assertEquals(Verdict.INVALID, chat.verdict("TEST: 1 2 -> 3"));
    }
}
