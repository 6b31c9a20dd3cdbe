package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.openai.Fixtures.client;
import static org.rlanything.openai.Fixtures.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rlanything.chat.ActionParser;
import org.rlanything.core.Action;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.FakeChatServer;

/** The three roles against a scripted server, the policy in whole episodes. */
@Timeout(20)
class RolesTest {

    record Goal(String id, int target) implements Task {
        @Override
        public String describe() {
            return "walk right " + target + " times";
        }
    }

    /**
     * A corridor: "go right" advances, "look" does nothing useful, anything else: "Nothing
     * happens."
     */
    static final class Corridor implements Environment {
        @Override
        public EnvironmentSession start(Task task, RandomGenerator rng) {
            int target = ((Goal) task).target();
            return new EnvironmentSession() {
                int position;
                boolean done;

                @Override
                public String observation() {
                    return "You are at position " + position + ".";
                }

                @Override
                public List<String> admissibleActions() {
                    return List.of("go right", "look");
                }

                @Override
                public StepResult step(String action) {
                    String command = action.strip();
                    if (command.equals("go right")) {
                        position++;
                        done = position >= target;
                        return new StepResult("You move right.", done, done, StepLabel.GOOD);
                    }
                    return new StepResult(
                            command.equals("look") ? "A corridor." : "Nothing happens.",
                            false,
                            false,
                            StepLabel.BAD);
                }

                @Override
                public boolean done() {
                    return done;
                }

                @Override
                public boolean won() {
                    return done;
                }
            };
        }
    }

    @Test
    void thePolicyPlaysEpisodesAndAReplyWithoutAnActionIsAStepThatDoesNothing() throws Exception {
        try (FakeChatServer server =
                        FakeChatServer.answering(r -> ChatReply.ok("Forward. \\boxed{go right}"));
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            server.then(ChatReply.ok("Hmm, I cannot decide."));
            server.then(ChatReply.raw(200, "{\"choices\": [ oops"));
            server.then(ChatReply.ok("\\boxed{1}"));
            EndpointPolicy policy = Fixtures.policy(client);
            List<Trajectory> episodes =
                    new LockstepRollouts()
                            .rollOut(
                                    List.of(new RolloutRequest(new Goal("g", 2), 0, 11)),
                                    policy,
                                    new Corridor(),
                                    6);
            Trajectory t = episodes.get(0);
            assertTrue(t.won());
            assertEquals(
                    List.of("", "", "go right", "go right"),
                    t.steps().stream().map(s -> s.action().command()).toList());
            assertEquals("Nothing happens.", t.steps().get(0).nextObservation());
            EndpointReply none = (EndpointReply) t.steps().get(0).action().payload();
            assertEquals(ActionParser.Match.NONE, none.match());
            assertEquals("Hmm, I cannot decide.", none.text());
            EndpointReply broken = (EndpointReply) t.steps().get(1).action().payload();
            assertTrue(
                    broken.error() != null && broken.error().contains("unusable reply"),
                    broken.toString());
            assertEquals(
                    ActionParser.Match.INDEX,
                    ((EndpointReply) t.steps().get(2).action().payload()).match());

            JsonNode last = server.requests().get(3);
            String prompt = last.get("messages").get(1).get("content").asText();
            assertTrue(prompt.contains("Your task: walk right 2 times"), prompt);
            assertTrue(prompt.contains("1. go right\n2. look"), prompt);
            assertTrue(prompt.contains("> (no valid action)\nNothing happens."), prompt);
            assertTrue(prompt.contains("Current observation:\nYou are at position 1."), prompt);
            assertEquals(
                    4,
                    server.requests().stream().map(r -> r.get("seed").asLong()).distinct().count(),
                    "each step has its own seed");
            Map<String, Double> m = client.drainMetrics();
            assertEquals(2.0, m.get("endpoint/policy/no_action"));
            assertEquals(1.0, m.get("endpoint/policy/invalid_replies"));
            assertEquals(1.0, m.get("endpoint/policy/actions/exact"));
        }
    }

    @Test
    void theJudgeAsksForMSamplesAndInvalidVerdictsStayInvalid() throws Exception {
        // the two requests run concurrently: the server answers by content, not by arrival order
        try (FakeChatServer server =
                        FakeChatServer.answering(
                                r ->
                                        r.get("messages")
                                                        .get(1)
                                                        .get("content")
                                                        .asText()
                                                        .contains("step 2")
                                                ? ChatReply.ok(
                                                        "It moves toward the goal. \\boxed{1}",
                                                        "Pointless. \\boxed{\u22121}",
                                                        "I think it is good.")
                                                : ChatReply.raw(200, "[]"));
                ChatClient client = client(config(server.baseUrl()), "reward_model")) {
            Trajectory t = trajectory();
            EndpointJudge judge = Fixtures.judge(client);
            List<List<Judgment>> out =
                    judge.judge(
                            List.of(new JudgeRequest(t, 1), new JudgeRequest(t, 0)),
                            3,
                            List.of(new SplittableRandom(1), new SplittableRandom(2)));
            assertEquals(
                    List.of(Verdict.POSITIVE, Verdict.NEGATIVE, Verdict.INVALID),
                    out.get(0).stream().map(Judgment::verdict).toList());
            assertEquals(
                    List.of(Verdict.INVALID, Verdict.INVALID, Verdict.INVALID),
                    out.get(1).stream().map(Judgment::verdict).toList(),
                    "an unusable reply: three invalid verdicts");
            assertEquals(2, server.requests().size());
            JsonNode first =
                    server.requests().stream()
                            .filter(
                                    r ->
                                            r.get("messages")
                                                    .get(1)
                                                    .get("content")
                                                    .asText()
                                                    .contains("step 2"))
                            .findFirst()
                            .orElseThrow();
            assertEquals(3, first.get("n").asInt());
            String prompt = first.get("messages").get(1).get("content").asText();
            assertTrue(prompt.contains("Step 1: > look\nA corridor."), prompt);
            assertTrue(
                    prompt.contains("I should move. \\boxed{go right}"),
                    "the step's reasoning is shown: " + prompt);
            assertTrue(prompt.contains("Observation that followed:\nYou move right."), prompt);
            assertTrue(prompt.endsWith("\\boxed{1} or \\boxed{-1}."), prompt);
            assertEquals(4.0, client.drainMetrics().get("endpoint/reward_model/invalid_verdicts"));
        }
    }

    @Test
    void aVerdictOnlyInsideTheThinkingIsInvalid() throws Exception {
        try (FakeChatServer server =
                        FakeChatServer.answering(
                                r ->
                                        ChatReply.ok(
                                                "<think>Probably \\boxed{1}.</think> I cannot tell.",
                                                "<think>hm</think> Useless. \\boxed{-1}"));
                ChatClient client = client(config(server.baseUrl()), "reward_model")) {
            List<Judgment> out =
                    Fixtures.judge(client)
                            .judge(
                                    List.of(new JudgeRequest(trajectory(), 0)),
                                    2,
                                    List.of(new SplittableRandom(1)))
                            .get(0);
            assertEquals(
                    List.of(Verdict.INVALID, Verdict.NEGATIVE),
                    out.stream().map(Judgment::verdict).toList());
            assertTrue(out.get(0).text().startsWith("<think>"), "the whole text is kept");
        }
    }

    @Test
    void theRewriterReturnsParsedTasksAndCountsInvalidOnes() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("no block here");
                ChatClient client = client(config(server.baseUrl()), "rewriter")) {
            server.then(ChatReply.ok("Longer corridor.\n<task>\nwalk 5\n</task>"));
            server.then(ChatReply.ok("<task>walk far</task>"));
            List<String> seen = new ArrayList<>();
            EndpointRewriter rewriter =
                    new EndpointRewriter(
                            client,
                            g -> "walk " + ((Goal) g).target(),
                            text -> {
                                seen.add(text);
                                if (!text.matches("walk \\d+")) {
                                    throw new IllegalArgumentException("not a corridor: " + text);
                                }
                                return new Goal("r", Integer.parseInt(text.substring(5)));
                            },
                            "A task is 'walk N' with N from 1 to 9.");
            RewriteRequest request =
                    new RewriteRequest(
                            new Goal("o", 2),
                            new Goal("o", 2),
                            RewriteGoal.HARDER,
                            1.0,
                            new CriticFeedback(4, List.of()));
            Optional<Task> made = rewriter.rewrite(request, new SplittableRandom(3));
            assertEquals(Optional.of(new Goal("r", 5)), made);
            assertFalse(rewriter.rewrite(request, new SplittableRandom(4)).isPresent());
            assertFalse(rewriter.rewrite(request, new SplittableRandom(5)).isPresent());
            assertEquals(List.of("walk 5", "walk far"), seen);
            String prompt = server.requests().get(0).get("messages").get(1).get("content").asText();
            assertTrue(
                    prompt.contains("<task>\nwalk 2\n</task>")
                            && prompt.contains("harder task")
                            && prompt.contains("All 4 rollouts succeeded.")
                            && prompt.contains("N from 1 to 9")
                            && prompt.contains("100%"),
                    prompt);
            Map<String, Double> m = client.drainMetrics();
            assertEquals(1.0, m.get("endpoint/rewriter/rewrites_parsed"));
            assertEquals(2.0, m.get("endpoint/rewriter/rewrites_invalid"));
        }
    }

    private static Trajectory trajectory() {
        Step look =
                new Step(
                        0,
                        "You are at position 0.",
                        List.of("go right", "look"),
                        new Action("look", "Let me look. \\boxed{look}", 0, null),
                        "A corridor.",
                        StepLabel.BAD);
        Step right =
                new Step(
                        1,
                        "A corridor.",
                        List.of("go right", "look"),
                        new Action("go right", "I should move. \\boxed{go right}", 0, null),
                        "You move right.",
                        StepLabel.GOOD);
        return new Trajectory(new Goal("g", 1), 0, List.of(look, right), true);
    }
}
