package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.openai.Fixtures.client;
import static org.rlanything.openai.Fixtures.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Trajectory;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.FakeChatServer;

/** Exported prompts are exactly what the endpoint was sent. */
@Timeout(20)
class TrainingExportTest {

    @Test
    void exportedSamplesCarryTheSentPromptTheResponseAndTheAdvantage(@TempDir Path runDir)
            throws Exception {
        try (FakeChatServer server =
                        FakeChatServer.answering(r -> ChatReply.ok("Go. \\boxed{go right}"));
                ChatClient policyClient = client(config(server.baseUrl()), "policy");
                ChatClient judgeClient = client(config(server.baseUrl()), "reward_model")) {
            EndpointPolicy policy = Fixtures.policy(policyClient);
            Trajectory t =
                    new LockstepRollouts()
                            .rollOut(
                                    List.of(new RolloutRequest(new RolesTest.Goal("g7", 2), 3, 5)),
                                    policy,
                                    new RolesTest.Corridor(),
                                    4)
                            .get(0);
            assertEquals(2, t.length());
            List<String> lines =
                    TrainingExport.policyLines(
                            policy, 12, List.of(new PolicySample(t, t.steps().get(1), -0.5)));
            Path file = TrainingExport.write(runDir, "policy", 12, lines);
            assertEquals(runDir.resolve("export/policy-000012.jsonl"), file);
            JsonNode line = FakeChatServer.JSON.readTree(Files.readAllLines(file).get(0));
            assertEquals(
                    server.requests().get(1).get("messages"),
                    line.get("prompt"),
                    "the prompt sent at step 2");
            assertEquals("assistant", line.get("completion").get(0).get("role").asText());
            assertEquals(
                    "Go. \\boxed{go right}", line.get("completion").get(0).get("content").asText());
            assertEquals(-0.5, line.get("advantage").asDouble());
            assertEquals(
                    "{\"iteration\":12,\"task\":\"g7\",\"rollout\":3,\"step\":1}",
                    line.get("id").toString());

            EndpointJudge judge = Fixtures.judge(judgeClient);
            JudgeRequest request = new JudgeRequest(t, 1);
            Judgment j =
                    judge.judge(List.of(request), 1, List.of(new SplittableRandom(1)))
                            .get(0)
                            .get(0);
            List<String> judged =
                    TrainingExport.judgeLines(
                            judge, 12, List.of(new RewardModelSample(request, j, 1.25)));
            JsonNode jl = FakeChatServer.JSON.readTree(judged.get(0));
            assertEquals(server.requests().get(2).get("messages"), jl.get("prompt"));
            assertEquals(1.25, jl.get("advantage").asDouble());
            assertTrue(jl.get("id").has("sample"));
        }
    }
}
