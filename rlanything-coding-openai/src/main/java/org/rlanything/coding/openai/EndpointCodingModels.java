package org.rlanything.coding.openai;

import java.util.List;
import java.util.Optional;
import org.rlanything.chat.ChatMessage;
import org.rlanything.coding.AnswerExtraction;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.TextGenerator;
import org.rlanything.coding.loop.CodingPrompts;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.ChatRequest;

/**
 * The coding setting's three model roles served by OpenAI-compatible endpoints ({@link
 * ChatClient}): the policy writes N programs for a problem, the reward model writes m unit tests
 * (one per sample, method.md §7), the rewriter writes new problems ({@link #rewriterModel}). Each
 * call is one logical request for all its samples, seeded from the caller's seed. The texts are the
 * setting's own ({@link CodingPrompts}).
 */
public final class EndpointCodingModels {

    private EndpointCodingModels() {}

    /**
     * N programs for the problem: the last fenced block of each answer, empty for an answer without
     * one (or a failed sample).
     */
    public static List<Optional<String>> programs(
            ChatClient policy, CodingProblem problem, int n, long seed) {
        ChatRequest request =
                new ChatRequest(
                        List.of(
                                ChatMessage.system(CodingPrompts.POLICY_SYSTEM),
                                ChatMessage.user(CodingPrompts.policyPrompt(problem))),
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
                                ChatMessage.system(CodingPrompts.TEST_WRITER_SYSTEM),
                                ChatMessage.user(CodingPrompts.testWriterPrompt(problem))),
                        seed);
        return testWriter.complete(request, m).texts();
    }

    /** The rewriter's model: one sample per prompt, its seed drawn from the attempt's generator. */
    public static TextGenerator rewriterModel(ChatClient rewriter) {
        return (prompt, rng) ->
                rewriter.complete(
                                new ChatRequest(
                                        List.of(
                                                ChatMessage.system(CodingPrompts.REWRITER_SYSTEM),
                                                ChatMessage.user(prompt)),
                                        rng.nextLong()),
                                1)
                        .texts()
                        .get(0);
    }
}
