package org.rlanything.coding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.coding.sandbox.Sandbox;
import org.rlanything.coding.sandbox.SandboxSettings;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Task;

/**
 * The rewriter reads a model's reply into a new problem and proposes it only when its reference
 * solution passes its (at least four) tests in the sandbox. The model here plays scripted replies;
 * the verification is real.
 */
class CodingRewriterTest {

    private static Sandbox sandbox;
    private static ProblemVerifier verifier;

    private static final CodingProblem SUM =
            new CodingProblem(
                    "sum-of-two",
                    Language.PYTHON,
                    IoKind.STDIO,
                    "Read two integers and print their sum.",
                    "",
                    Optional.of("print(sum(map(int, input().split())))\n"),
                    List.of(
                            new StdioTest("1 2\n", "3\n"),
                            new StdioTest("0 0\n", "0\n"),
                            new StdioTest("2 2\n", "4\n")));

    @BeforeAll
    static void open() {
        sandbox = Sandbox.open(SandboxSettings.defaults(2));
        verifier = new ProblemVerifier(new SandboxedTester(sandbox));
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    private static String reply(String solution, String... io) {
        StringBuilder r = new StringBuilder("Sure, a harder version.\n### Problem\n");
        r.append("Read a count n and then n integers; print their sum.\n### Tests\n");
        for (int i = 0; i < io.length; i += 2) {
            r.append(UnitTestParser.format(new StdioTest(io[i], io[i + 1])));
        }
        r.append("### Reference solution\n```python\n").append(solution).append("```\n");
        return r.toString();
    }

    private static final String RIGHT = "n = int(input())\nprint(sum(map(int, input().split())))\n";

    private static CodingRewriter rewriterReplying(String reply, PassRateBoard board) {
        return new CodingRewriter((prompt, rng) -> reply, verifier, board);
    }

    private static RewriteRequest harder() {
        CodingTask task = new CodingTask(SUM);
        return new RewriteRequest(
                task, task, RewriteGoal.HARDER, 0.9, new CriticFeedback(4, List.of()));
    }

    @Test
    void aVerifiedRewriteBecomesACandidateTask() {
        String r =
                reply(
                        RIGHT,
                        "3\n1 2 3\n",
                        "6\n",
                        "1\n5\n",
                        "5\n",
                        "2\n-1 1\n",
                        "0\n",
                        "4\n1 1 1 1\n",
                        "4\n");
        CodingRewriter rewriter = rewriterReplying(r, new PassRateBoard());
        Optional<Task> task = rewriter.rewrite(harder(), new SplittableRandom(1));
        assertTrue(task.isPresent(), rewriter.lastAttempt().verification().reason());
        CodingProblem p = ((CodingTask) task.get()).problem();
        assertEquals(4, p.tests().size());
        assertEquals(IoKind.STDIO, p.kind());
        assertTrue(p.id().matches("sum-of-two/rewrite-[0-9a-f]{8}"), p.id());
        assertEquals(
                "reference passes all 4 tests", rewriter.lastAttempt().verification().reason());
    }

    @Test
    void aReferenceThatFailsItsOwnTestIsDeclined() {
        String r =
                reply(
                        RIGHT,
                        "3\n1 2 3\n",
                        "6\n",
                        "1\n5\n",
                        "5\n",
                        "2\n-1 1\n",
                        "1\n",
                        "4\n1 1 1 1\n",
                        "4\n");
        CodingRewriter rewriter = rewriterReplying(r, new PassRateBoard());
        assertFalse(rewriter.rewrite(harder(), new SplittableRandom(1)).isPresent());
        assertEquals(
                "the reference solution fails test 3 (wrong answer)",
                rewriter.lastAttempt().verification().reason());
    }

    @Test
    void fewerThanFourTestsOrAnUnreadableReplyIsDeclined() {
        CodingRewriter three =
                rewriterReplying(
                        reply(RIGHT, "1\n5\n", "5\n", "1\n6\n", "6\n", "1\n7\n", "7\n"),
                        new PassRateBoard());
        assertFalse(three.rewrite(harder(), new SplittableRandom(1)).isPresent());
        assertEquals(
                "only 3 tests, at least 4 needed", three.lastAttempt().verification().reason());

        CodingRewriter prose =
                rewriterReplying("Just add more numbers to the input.", new PassRateBoard());
        assertFalse(prose.rewrite(harder(), new SplittableRandom(1)).isPresent());
        assertTrue(prose.lastAttempt().verification().reason().startsWith("the reply has no"));

        CodingRewriter crashing =
                rewriterReplying(
                        reply(
                                "print(1 / 0)\n",
                                "1\n5\n",
                                "5\n",
                                "1\n6\n",
                                "6\n",
                                "1\n7\n",
                                "7\n",
                                "1\n8\n",
                                "8\n"),
                        new PassRateBoard());
        assertFalse(crashing.rewrite(harder(), new SplittableRandom(1)).isPresent());
        assertEquals(
                "the reference solution fails test 1 (runtime_error)",
                crashing.lastAttempt().verification().reason());
    }

    @Test
    void thePromptCarriesTheGoalTheAccuracyAndThePerTestPassRates() {
        PassRateBoard board = new PassRateBoard();
        board.record("sum-of-two", new double[] {0.25, 1.0, 0.5});
        String[] seen = new String[1];
        CodingRewriter rewriter =
                new CodingRewriter(
                        (prompt, rng) -> {
                            seen[0] = prompt;
                            return "no";
                        },
                        verifier,
                        board);
        rewriter.rewrite(harder(), new SplittableRandom(1));
        assertTrue(seen[0].contains("make it harder"), seen[0]);
        assertTrue(seen[0].contains("solved it 90% of the time"), seen[0]);
        assertTrue(seen[0].contains("Test 1 (passed by 25%)"), seen[0]);
        assertTrue(seen[0].contains("Test 3 (passed by 50%)"), seen[0]);
        assertTrue(seen[0].contains("Read two integers and print their sum."), seen[0]);
    }
}
