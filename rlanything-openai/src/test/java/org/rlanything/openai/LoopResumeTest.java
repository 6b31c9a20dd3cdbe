package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.chat.HouseholdPrompts;
import org.rlanything.core.Task;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.LoopState;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * The whole loop with endpoint policy, judge and rewriter: a run resumed from its state after
 * iteration 1, against a server that now answers differently, reproduces iterations 2 and 3 exactly
 * from the recorded replies (all figures, the endpoint counters included), and asks the server
 * nothing.
 */
@Timeout(20)
class LoopResumeTest {

    private static final LoopConfig CONFIG =
            new LoopConfig(
                    7,
                    AlgorithmConfig.builder()
                            .tasksPerIteration(2)
                            .rolloutsPerTask(4)
                            .verdictsPerStep(3)
                            .rewriterSamples(2)
                            .build(),
                    4,
                    0);
    private static final List<Task> TASKS =
            List.of(
                    new RolesTest.Goal("t1", 1),
                    new RolesTest.Goal("t2", 2),
                    new RolesTest.Goal("t3", 3));

    /** A server whose replies vary with the request's seed, like a sampling model. */
    private static ChatReply sampling(JsonNode request) {
        String system = request.get("messages").get(0).get("content").asText();
        long seed = request.get("seed").asLong();
        int n = request.path("n").asInt(1);
        String[] texts = new String[n];
        for (int i = 0; i < n; i++) {
            long s = seed + i;
            if (system.equals(HouseholdPrompts.POLICY_SYSTEM)) {
                texts[i] =
                        s % 7 == 0 ? "no idea" : s % 3 == 0 ? "\\boxed{look}" : "\\boxed{go right}";
            } else if (system.equals(HouseholdPrompts.JUDGE_SYSTEM)) {
                texts[i] =
                        s % 5 == 0 ? "unsure" : s % 2 == 0 ? "good \\boxed{1}" : "bad \\boxed{-1}";
            } else {
                texts[i] = "<task>walk " + (1 + s % 4) + "</task>";
            }
        }
        return ChatReply.ok(texts);
    }

    /** A server that answers every request the same way, unlike the first. */
    private static ChatReply other(JsonNode request) {
        String[] texts = new String[request.path("n").asInt(1)];
        java.util.Arrays.fill(texts, "\\boxed{look} \\boxed{-1} <task>walk 4</task>");
        return ChatReply.ok(texts);
    }

    private record Run(RLAnythingLoop loop, List<ChatClient> clients) implements AutoCloseable {
        Map<String, Double> iterate() {
            IterationRecord record = loop.runIteration();
            Map<String, Double> figures = new TreeMap<>(record.metrics());
            clients.forEach(c -> figures.putAll(c.drainMetrics()));
            return figures;
        }

        @Override
        public void close() {
            clients.forEach(ChatClient::close);
        }
    }

    private static Run run(String url, Path responses) {
        Function<String, ChatClient> client =
                role -> {
                    ChatClient.Builder b =
                            ChatClient.builder(Fixtures.config(url))
                                    .role(role)
                                    .optBackoff(Fixtures.FAST)
                                    .optEnvironment(Map.<String, String>of()::get);
                    return (responses == null ? b : b.optRecordIn(responses)).build();
                };
        ChatClient policy = client.apply("policy");
        ChatClient judge = client.apply("reward_model");
        ChatClient rewriter = client.apply("rewriter");
        RLAnythingLoop loop =
                RLAnythingLoop.builder()
                        .config(CONFIG)
                        .environment(new RolesTest.Corridor())
                        .policy(Fixtures.policy(policy))
                        .rewardModel(Fixtures.judge(judge))
                        .rewriter(
                                new EndpointRewriter(
                                        rewriter,
                                        Task::describe,
                                        text -> {
                                            if (!text.matches("walk [1-9]")) {
                                                throw new IllegalArgumentException(
                                                        "not a corridor");
                                            }
                                            int target = text.charAt(5) - '0';
                                            return new RolesTest.Goal("walk" + target, target);
                                        },
                                        ""))
                        .tasks(TASKS)
                        .clock(() -> 0L)
                        .build();
        return new Run(loop, List.of(policy, judge, rewriter));
    }

    @Test
    void aResumedRunReplaysTheRecordedRepliesAndReproducesTheFigures(@TempDir Path runDir)
            throws Exception {
        Path responses = runDir.resolve("responses");
        List<Map<String, Double>> uninterrupted = new ArrayList<>();
        LoopState afterFirst;
        try (FakeChatServer first = FakeChatServer.answering(LoopResumeTest::sampling);
                Run run = run(first.baseUrl(), responses)) {
            uninterrupted.add(run.iterate());
            afterFirst = run.loop().captureState();
            uninterrupted.add(run.iterate());
            uninterrupted.add(run.iterate());
            assertTrue(uninterrupted.get(1).get("endpoint/policy/samples") > 0);
            assertTrue(uninterrupted.get(1).get("endpoint/reward_model/samples") > 0);
        }
        try (FakeChatServer changed = FakeChatServer.answering(LoopResumeTest::other);
                Run resumed = run(changed.baseUrl(), responses)) {
            resumed.loop().restoreState(afterFirst);
            assertEquals(uninterrupted.get(1), resumed.iterate());
            assertEquals(uninterrupted.get(2), resumed.iterate());
            assertEquals(0, changed.requests().size(), "every reply came from the record");
        }
        // without the record, the changed server gives other figures: the replay is what makes them
        // equal
        try (FakeChatServer changed = FakeChatServer.answering(LoopResumeTest::other);
                Run unrecorded = run(changed.baseUrl(), null)) {
            unrecorded.loop().restoreState(afterFirst);
            assertNotEquals(uninterrupted.get(1), unrecorded.iterate());
        }
    }
}
