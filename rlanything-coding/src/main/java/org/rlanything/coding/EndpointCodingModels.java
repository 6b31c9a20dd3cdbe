package org.rlanything.coding;

import java.util.List;
import java.util.Optional;
import org.rlanything.chat.ChatMessage;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.ChatRequest;

/**
 * The coding setting's three model roles served by OpenAI-compatible endpoints ({@link
 * ChatClient}): the policy writes N programs for a problem, the reward model writes m unit tests
 * (one per sample, method.md §7), the rewriter writes new problems ({@link #rewriterModel}). Each
 * call is one logical request for all its samples, seeded from the caller's seed.
 */
public final class EndpointCodingModels {

    public static final String POLICY_SYSTEM =
            "You are an expert programmer. You solve programming problems with complete Python 3"
                    + " programs.";
    public static final String TEST_WRITER_SYSTEM =
            "You write unit tests for programming problems: an input and its exact expected output.";
    static final String REWRITER_SYSTEM =
            "You rewrite programming problems to make them harder or easier, keeping them valid and"
                    + " solvable.";

    private EndpointCodingModels() {}

    /** The policy's prompt: the statement and the answer format (the last fenced block counts). */
    public static String policyPrompt(CodingProblem problem) {
        return problem.statement().strip()
                + "\n\nWrite a complete Python 3 program that reads standard input and writes"
                + " standard output. End your answer with the program in one ```python code block.";
    }

    /** The test writer's prompt: the statement and the test format {@link UnitTestParser} reads. */
    public static String testWriterPrompt(CodingProblem problem) {
        return problem.statement().strip()
                + "\n\nWrite one unit test for this problem. Think about what a wrong program would"
                + " get wrong, work out the exact expected output, then end your answer with:\n"
                + UnitTestParser.format(new StdioTest("<input>", "<expected output>"));
    }

    /**
     * N programs for the problem: the last fenced block of each answer, empty for an answer without
     * one (or a failed sample).
     */
    public static List<Optional<String>> programs(
            ChatClient policy, CodingProblem problem, int n, long seed) {
        ChatRequest request =
                new ChatRequest(
                        List.of(
                                ChatMessage.system(POLICY_SYSTEM),
                                ChatMessage.user(policyPrompt(problem))),
                        seed);
        return policy.complete(request, n).texts().stream()
                .map(AnswerExtraction::lastCodeBlock)
                .toList();
    }

    /** m test-writer outputs for the problem (empty text for a failed sample). */
    public static List<String> testWriterOutputs(
            ChatClient testWriter, CodingProblem problem, int m, long seed) {
        ChatRequest request =
                new ChatRequest(
                        List.of(
                                ChatMessage.system(TEST_WRITER_SYSTEM),
                                ChatMessage.user(testWriterPrompt(problem))),
                        seed);
        return testWriter.complete(request, m).texts();
    }

    /** The rewriter's model: one sample per prompt, its seed drawn from the attempt's generator. */
    public static TextGenerator rewriterModel(ChatClient rewriter) {
        return (prompt, rng) ->
                rewriter.complete(
                                new ChatRequest(
                                        List.of(
                                                ChatMessage.system(REWRITER_SYSTEM),
                                                ChatMessage.user(prompt)),
                                        rng.nextLong()),
                                1)
                        .texts()
                        .get(0);
    }
}
