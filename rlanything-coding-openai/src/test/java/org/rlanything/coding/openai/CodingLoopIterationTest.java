package org.rlanything.coding.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.CodingTask;
import org.rlanything.coding.PassRateBoard;
import org.rlanything.coding.ProblemLoader;
import org.rlanything.coding.ProblemVerifier;
import org.rlanything.coding.SandboxedTester;
import org.rlanything.coding.StdioTest;
import org.rlanything.coding.UnitTestParser;
import org.rlanything.coding.loop.CodingEnvironment;
import org.rlanything.coding.loop.CodingFeedback;
import org.rlanything.coding.loop.CodingRewriterHook;
import org.rlanything.coding.sandbox.Sandbox;
import org.rlanything.coding.sandbox.SandboxSettings;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointConfig;
import org.rlanything.testfixtures.CodingData;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * A full loop iteration of the coding setting with an endpoint policy and an endpoint test writer
 * against a loopback server playing scripted replies, on a real APPS stdio problem: the policy's
 * samples carry the z-scored ground-truth pass ratios, the reward model's samples the z-scored
 * unit-test rewards, and the iteration's metrics (what metrics.jsonl records) the UT accuracy and
 * detection rate.
 */
class CodingLoopIterationTest {

    private static final String RIGHT =
            "Count pairs around each A.\n```python\ns = input().strip()\n"
                    + "print(sum(s[:i].count('Q') * s[i + 1:].count('Q')"
                    + " for i, c in enumerate(s) if c == 'A'))\n```";
    private static final String WRONG = "```python\ninput()\nprint(-1)\n```";

    private static ChatClient client(String url, String role) {
        return ChatClient.builder(new EndpointConfig(url, "scripted", "", 0.8, 0.95, 256, 10, 4, 0))
                .role(role)
                .optEnvironment(Map.<String, String>of()::get)
                .build();
    }

    private static String test(String in, String out) {
        return "An edge case.\n" + UnitTestParser.format(new StdioTest(in, out));
    }

    /** Records what the loop trains the wrapped model on. */
    private static final class Recording<S> {
        final List<List<S>> updates = new ArrayList<>();
    }

    @Test
    void oneIterationWithEndpointPolicyAndTestWriter() throws Exception {
        CodingProblem full =
                ProblemLoader.load(CodingData.apps()).stream()
                        .filter(p -> p.id().equals("1607"))
                        .findFirst()
                        .orElseThrow();
        CodingProblem qaq = full.withTests(full.tests().subList(0, 8));
        try (FakeChatServer server =
                        FakeChatServer.byRole(
                                Map.of(
                                        "expert programmer",
                                        List.of(RIGHT, WRONG, "I am not sure.", RIGHT),
                                        "write unit tests",
                                        List.of(
                                                test("QAQAQYSYIOIWIN\n", "4\n"),
                                                test("QAQ\n", "1\n"),
                                                test("QAQ\n", "2\n"),
                                                "It outputs 4.")));
                Sandbox sandbox = Sandbox.open(SandboxSettings.defaults(2))) {
            SandboxedTester tester = new SandboxedTester(sandbox);
            PassRateBoard board = new PassRateBoard();
            CodingEndpointRoles roles =
                    new CodingEndpointRoles(
                            new CodingRewriterHook(new ProblemVerifier(tester), board));
            Policy endpointPolicy = roles.policy(client(server.baseUrl(), "policy"));
            RewardModel testWriter = roles.rewardModel(client(server.baseUrl(), "reward_model"));
            Recording<PolicySample> policyUpdates = new Recording<>();
            Recording<RewardModelSample> writerUpdates = new Recording<>();
            Policy policy =
                    new Policy() {
                        @Override
                        public List<org.rlanything.core.Action> act(
                                List<org.rlanything.core.PolicyContext> contexts,
                                List<java.util.random.RandomGenerator> rngs) {
                            return endpointPolicy.act(contexts, rngs);
                        }

                        @Override
                        public UpdateStats update(
                                List<PolicySample> samples, java.util.random.RandomGenerator rng) {
                            policyUpdates.updates.add(samples);
                            return endpointPolicy.update(samples, rng);
                        }
                    };
            RewardModel rewardModel =
                    new RewardModel() {
                        @Override
                        public List<List<org.rlanything.core.Judgment>> judge(
                                List<org.rlanything.core.JudgeRequest> requests,
                                int m,
                                List<java.util.random.RandomGenerator> rngs) {
                            return testWriter.judge(requests, m, rngs);
                        }

                        @Override
                        public UpdateStats update(
                                List<RewardModelSample> samples,
                                java.util.random.RandomGenerator rng) {
                            writerUpdates.updates.add(samples);
                            return testWriter.update(samples, rng);
                        }
                    };
            RLAnythingLoop loop =
                    RLAnythingLoop.builder()
                            .config(
                                    new LoopConfig(
                                            5,
                                            AlgorithmConfig.builder()
                                                    .tasksPerIteration(1)
                                                    .rolloutsPerTask(4)
                                                    .verdictsPerStep(4)
                                                    .build(),
                                            1,
                                            0))
                            .environment(new CodingEnvironment(tester))
                            .policy(policy)
                            .rewardModel(rewardModel)
                            .rewriter(roles.rewriter(client(server.baseUrl(), "rewriter")))
                            .taskFeedback(new CodingFeedback(tester, board))
                            .tasks(List.of(new CodingTask(qaq)))
                            .build();

            IterationRecord record = loop.runIteration();
            Map<String, Double> metrics = record.metrics();

            // Programs: right, wrong (prints -1), no code, right -> GT pass ratios 1, 0, 0, 1:
            // mean 0.5, population std 0.5 -> advantages +1, -1, -1, +1 on the program steps.
            assertEquals(0.5, metrics.get("env/train_success"), 1e-12);
            assertEquals(0.5, metrics.get("env/gt_pass_ratio/mean"), 1e-12);
            assertEquals(0.5, metrics.get("critic/rewards/mean"), 1e-12);
            assertEquals(1, policyUpdates.updates.size());
            List<PolicySample> samples = policyUpdates.updates.get(0);
            assertEquals(4, samples.size());
            for (PolicySample s : samples) {
                boolean right = s.step().action().response().equals(RIGHT);
                assertEquals(
                        right ? 1.0 : -1.0, s.advantage(), 1e-12, s.step().action().response());
                assertEquals(right, s.trajectory().won());
            }
            // Tests: QAQAQ.. -> 4 consistent, both wrong programs fail it: raw 2; QAQ -> 1 the
            // same: 2; QAQ -> 2 inconsistent: 0; prose: invalid, 0. z-scored: +1, +1, -1, -1.
            assertEquals(1, writerUpdates.updates.size());
            List<RewardModelSample> tests = writerUpdates.updates.get(0);
            assertEquals(4, tests.size());
            double[] expected = {1, 1, -1, -1};
            for (int j = 0; j < 4; j++) {
                assertEquals(expected[j], tests.get(j).advantage(), 1e-12);
            }
            assertTrue(tests.get(0).judgment().text().contains("QAQAQYSYIOIWIN"));
            // UT accuracy: 2 of 4 tests pass every correct program; detection: the same 2 also
            // fail every incorrect program; 3 of 4 samples parsed.
            assertEquals(0.5, metrics.get("reward_model/ut_accuracy"), 1e-12);
            assertEquals(0.5, metrics.get("reward_model/detection_rate"), 1e-12);
            assertEquals(0.75, metrics.get("reward_model/test_parse_rate"), 1e-12);
            assertEquals(4.0, metrics.get("actor/samples"));
            assertEquals(4.0, metrics.get("reward_model/samples"));

            // The policy asked 4 times (one sample each), the test writer once for m = 4.
            List<JsonNode> requests = server.requests();
            long writerRequests =
                    requests.stream()
                            .filter(r -> r.toString().contains("write unit tests"))
                            .peek(r -> assertEquals(4, r.get("n").asInt()))
                            .count();
            assertEquals(1, writerRequests);
            assertEquals(5, requests.size());
            assertTrue(board.of(qaq.id()).isPresent());
        }
    }

    @Test
    void anArmWithoutARewardModelWritesNoTestsAndStillRewardsThePassRatio() throws Exception {
        CodingProblem full =
                ProblemLoader.load(CodingData.apps()).stream()
                        .filter(p -> p.id().equals("1607"))
                        .findFirst()
                        .orElseThrow();
        CodingProblem qaq = full.withTests(full.tests().subList(0, 8));
        try (FakeChatServer server =
                        FakeChatServer.byRole(
                                Map.of("expert programmer", List.of(RIGHT, WRONG, WRONG, WRONG)));
                Sandbox sandbox = Sandbox.open(SandboxSettings.defaults(2))) {
            SandboxedTester tester = new SandboxedTester(sandbox);
            PassRateBoard board = new PassRateBoard();
            CodingEndpointRoles roles =
                    new CodingEndpointRoles(
                            new CodingRewriterHook(new ProblemVerifier(tester), board));
            RLAnythingLoop loop =
                    RLAnythingLoop.builder()
                            .config(
                                    new LoopConfig(
                                            5,
                                            AlgorithmConfig.builder()
                                                    .arm(Ablation.GRPO)
                                                    .tasksPerIteration(1)
                                                    .rolloutsPerTask(4)
                                                    .build(),
                                            1,
                                            0))
                            .environment(new CodingEnvironment(tester))
                            .policy(roles.policy(client(server.baseUrl(), "policy")))
                            .taskFeedback(new CodingFeedback(tester, board))
                            .tasks(List.of(new CodingTask(qaq)))
                            .build();
            Map<String, Double> metrics = loop.runIteration().metrics();
            // pass ratios 1, 0, 0, 0: mean 0.25, std sqrt(3)/4 -> +sqrt(3) once, -1/sqrt(3) thrice
            assertEquals(0.25, metrics.get("env/gt_pass_ratio/mean"), 1e-12);
            assertEquals(Math.sqrt(3), metrics.get("critic/advantages/max"), 1e-12);
            assertEquals(-1 / Math.sqrt(3), metrics.get("critic/advantages/min"), 1e-12);
            assertEquals(4.0, metrics.get("actor/samples"));
            assertTrue(!metrics.containsKey("reward_model/ut_accuracy"), metrics.toString());
            assertEquals(4, server.requests().size());
        }
    }
}
