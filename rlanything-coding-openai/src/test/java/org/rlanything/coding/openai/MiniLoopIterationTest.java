package org.rlanything.coding.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.loop.CodingChat;
import org.rlanything.coding.loop.MiniEnvironment;
import org.rlanything.coding.loop.MiniFeedback;
import org.rlanything.coding.loop.MiniPrompts;
import org.rlanything.coding.loop.MiniTask;
import org.rlanything.coding.loop.MiniTaskCodec;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.ProblemFamily;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointConfig;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * A loop iteration of the stack language with the endpoint policy and test writer against a
 * loopback server playing scripted replies: programs and written tests run in the interpreter, and
 * the metrics carry the pass ratio, UT accuracy and detection rate; the codec and the verifier
 * accept the generated problem.
 */
class MiniLoopIterationTest {

    private static ChatClient client(String url, String role) {
        return ChatClient.builder(new EndpointConfig(url, "scripted", "", 0.8, 0.95, 64, 10, 4, 0))
                .role(role)
                .optEnvironment(Map.<String, String>of()::get)
                .build();
    }

    @Test
    void oneIterationOnASumProblem() throws Exception {
        MiniProblem sum =
                new MiniProblemGenerator(6)
                        .generate(ProblemFamily.SUM_TWO, new SplittableRandom(1));
        MiniTask task = new MiniTask(sum);
        MiniEnvironment environment = new MiniEnvironment();
        assertTrue(environment.verify(task).valid());
        assertEquals(task, new MiniTaskCodec().decode(new MiniTaskCodec().encode(task)));
        try (FakeChatServer server =
                FakeChatServer.byRole(
                        Map.of(
                                "You write programs",
                                List.of("add", "drop drop 1000", "no idea", "swap add\nit adds"),
                                "You write unit tests",
                                List.of(
                                        "TEST: 2 3 -> 5",
                                        "Think.\nTEST: 1 1 -> 2",
                                        "TEST: 1 1 -> 3",
                                        "I do not know")))) {
            CodingEndpointRoles roles =
                    new CodingEndpointRoles(
                            CodingChat.STACK_LANGUAGE,
                            client -> (request, rng) -> java.util.Optional.empty());
            RLAnythingLoop loop =
                    RLAnythingLoop.builder()
                            .config(
                                    new LoopConfig(
                                            9,
                                            AlgorithmConfig.builder()
                                                    .tasksPerIteration(1)
                                                    .rolloutsPerTask(4)
                                                    .verdictsPerStep(4)
                                                    .build(),
                                            1,
                                            0))
                            .environment(environment)
                            .policy(roles.policy(client(server.baseUrl(), "policy")))
                            .rewardModel(roles.rewardModel(client(server.baseUrl(), "rm")))
                            .rewriter(roles.rewriter(client(server.baseUrl(), "rewriter")))
                            .taskFeedback(new MiniFeedback(environment.tester()))
                            .tasks(List.of(task))
                            .build();
            IterationRecord record = loop.runIteration();
            Map<String, Double> metrics = record.metrics();
            // add and "swap add" are right; "drop drop 1000" and prose are wrong: ratios 1,0,0,1
            assertEquals(0.5, metrics.get("env/train_success"), 1e-12);
            assertEquals(0.5, metrics.get("env/gt_pass_ratio/mean"), 1e-12);
            assertEquals(1.0, metrics.get("critic/advantages/max"), 1e-12);
            assertEquals(-1.0, metrics.get("critic/advantages/min"), 1e-12);
            // 2 3 -> 5 and 1 1 -> 2 are consistent and catch both wrong programs; 1 1 -> 3 is
            // not; the prose is no test.
            assertEquals(0.5, metrics.get("reward_model/ut_accuracy"), 1e-12);
            assertEquals(0.5, metrics.get("reward_model/detection_rate"), 1e-12);
            assertEquals(0.75, metrics.get("reward_model/test_parse_rate"), 1e-12);
            assertEquals(4.0, metrics.get("reward_model/samples"));
            String prompt =
                    server.requests().stream()
                            .filter(r -> r.toString().contains("You write unit tests"))
                            .findFirst()
                            .orElseThrow()
                            .get("messages")
                            .get(1)
                            .get("content")
                            .asText();
            assertEquals(MiniPrompts.testWriterPrompt(sum), prompt);
        }
    }
}
