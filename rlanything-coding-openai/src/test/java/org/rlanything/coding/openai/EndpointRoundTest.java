package org.rlanything.coding.openai;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.CodingRewriter;
import org.rlanything.coding.CodingTask;
import org.rlanything.coding.PassRateBoard;
import org.rlanything.coding.ProblemLoader;
import org.rlanything.coding.ProblemVerifier;
import org.rlanything.coding.SandboxedTester;
import org.rlanything.coding.StdioTest;
import org.rlanything.coding.UnitTestMetrics;
import org.rlanything.coding.UnitTestParser;
import org.rlanything.coding.UnitTestRound;
import org.rlanything.coding.sandbox.Sandbox;
import org.rlanything.coding.sandbox.SandboxSettings;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Task;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointConfig;
import org.rlanything.testfixtures.CodingData;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * One judging round and one rewrite with endpoint models, against a loopback server that plays
 * scripted replies: an endpoint policy writes programs for a real APPS stdio problem, an endpoint
 * test writer writes tests, the sandbox runs everything, rewards and metrics follow; an endpoint
 * rewriter's problem is verified in the sandbox before it becomes a candidate.
 */
class EndpointRoundTest {

    private static final String RIGHT =
            "Count pairs around each A.\n```python\ns = input().strip()\n"
                    + "print(sum(s[:i].count('Q') * s[i + 1:].count('Q')"
                    + " for i, c in enumerate(s) if c == 'A'))\n```";
    private static final String ADJACENT =
            "```python\ns = input().strip()\nprint(s.count('QAQ'))\n```";

    private static ChatClient client(String url, String role) {
        return ChatClient.builder(new EndpointConfig(url, "scripted", "", 0.8, 0.95, 256, 10, 4, 0))
                .role(role)
                .optEnvironment(Map.<String, String>of()::get)
                .build();
    }

    private static String test(String in, String out) {
        return "An edge case.\n" + UnitTestParser.format(new StdioTest(in, out));
    }

    @Test
    void endpointPolicyAndTestWriterFeedARoundAndTheRewriterAVerifiedCandidate() throws Exception {
        CodingProblem full =
                ProblemLoader.load(CodingData.apps()).stream()
                        .filter(p -> p.id().equals("1607"))
                        .findFirst()
                        .orElseThrow();
        // its first 8 of 43 tests keep the test fast (4 programs x 12 runs)
        CodingProblem qaq = full.withTests(full.tests().subList(0, 8));
        String rewrite =
                "### Problem\nGiven a string, count the subsequences \"QAQ\" in it and also print"
                        + " its length.\n### Tests\n"
                        + UnitTestParser.format(new StdioTest("QAQ\n", "1 3\n"))
                        + UnitTestParser.format(new StdioTest("QAQAQ\n", "4 5\n"))
                        + UnitTestParser.format(new StdioTest("AAA\n", "0 3\n"))
                        + UnitTestParser.format(new StdioTest("QQAQQ\n", "4 5\n"))
                        + "### Reference solution\n```python\ns = input().strip()\n"
                        + "print(sum(s[:i].count('Q') * s[i + 1:].count('Q')"
                        + " for i, c in enumerate(s) if c == 'A'), len(s))\n```\n";
        try (FakeChatServer server =
                        FakeChatServer.byRole(
                                Map.of(
                                        "expert programmer",
                                        List.of(RIGHT, ADJACENT, "I am not sure.", RIGHT),
                                        "write unit tests",
                                        List.of(
                                                test("QAQAQYSYIOIWIN\n", "4\n"),
                                                test("QAQ\n", "1\n"),
                                                test("QAQ\n", "2\n"),
                                                "It outputs 4."),
                                        "rewrite programming problems",
                                        List.of(rewrite)));
                ChatClient policy = client(server.baseUrl(), "policy");
                ChatClient writer = client(server.baseUrl(), "reward_model");
                ChatClient rewriterClient = client(server.baseUrl(), "rewriter");
                Sandbox sandbox = Sandbox.open(SandboxSettings.defaults(2))) {
            SandboxedTester tester = new SandboxedTester(sandbox);
            List<Optional<String>> programs = EndpointCodingModels.programs(policy, qaq, 4, 11);
            List<String> written = EndpointCodingModels.testWriterOutputs(writer, qaq, 4, 12);
            UnitTestRound.Result round = UnitTestRound.run(qaq, programs, written, tester, null);

            assertArrayEquals(new boolean[] {true, false, false, true}, round.correct());
            assertEquals(0.5, round.accuracy(), 1e-12);
            // QAQAQ...: 4, the adjacent count says 1 -> consistent, fails both wrong ones: +2
            // QAQ -> 1: consistent, the adjacent program passes: +1
            // QAQ -> 2: inconsistent, no wrong program passes it: 0; prose: invalid, 0
            assertArrayEquals(
                    new double[] {2, 1, 0, 0}, round.rewards().orElseThrow().raw(), 1e-12);
            UnitTestMetrics metrics = new UnitTestMetrics();
            metrics.add(round.correct(), round.passed(), round.parsedTests());
            assertEquals(0.5, metrics.utAccuracy(), 1e-12);
            assertEquals(0.25, metrics.detectionRate(), 1e-12);

            PassRateBoard board = new PassRateBoard();
            board.record(qaq.id(), round.groundTruthPassRates());
            CodingRewriter rewriter =
                    new CodingRewriter(
                            EndpointCodingModels.rewriterModel(rewriterClient),
                            new ProblemVerifier(tester),
                            board);
            CodingTask task = new CodingTask(qaq);
            Optional<Task> candidate =
                    rewriter.rewrite(
                            new RewriteRequest(
                                    task,
                                    task,
                                    RewriteGoal.HARDER,
                                    0.5,
                                    new CriticFeedback(4, List.of())),
                            new SplittableRandom(3));
            assertTrue(candidate.isPresent(), rewriter.lastAttempt().verification().reason());
            assertEquals(4, ((CodingTask) candidate.get()).problem().tests().size());

            List<JsonNode> requests = server.requests();
            assertEquals(3, requests.size());
            assertEquals(4, requests.get(0).get("n").asInt());
            assertTrue(
                    requests.get(0).get("messages").get(1).get("content").asText().contains("QAQ"));
            String rewritePrompt = requests.get(2).get("messages").get(1).get("content").asText();
            assertTrue(rewritePrompt.contains("Test 1 (passed by 50%)"), rewritePrompt);
        }
    }
}
