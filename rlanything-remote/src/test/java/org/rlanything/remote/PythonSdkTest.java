package org.rlanything.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;

/**
 * The Python SDK and its Blocksworld example in a real process, through this module's client: the
 * protocol's requests, a step sent again with the same index answered again and not applied twice,
 * OpenEnv's shape (a reset without task or episode, a plain-string action, GET /state), 4xx answers
 * as one-line errors, and rewrites the server verifies.
 */
class PythonSdkTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static RemoteProcess process;
    private static RemoteClient client;
    private static RemoteServer server;

    @BeforeAll
    static void start() {
        process = RemoteProcess.start("python3 python/examples/blocks.py", 20);
        client =
                new RemoteClient(
                        new RemoteSettings(
                                process.address(),
                                Duration.ofSeconds(5),
                                Duration.ofSeconds(10),
                                0,
                                Duration.ofMillis(100)),
                        process::gone);
        server = new RemoteServer(client);
    }

    @AfterAll
    static void stop() {
        process.close();
    }

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void theProtocolPlaysAnEpisodeWithLabelsAndTheSameSeedReplaysIt() {
        RemoteServer.Info info = server.info();
        assertTrue(info.description().startsWith("a Blocksworld"), info.description());
        List<JsonTask> tasks = server.tasks("train", 3, 7);
        assertEquals(tasks, server.tasks("train", 3, 7), "the same seed gives the same tasks");
        assertNotEquals(tasks, server.tasks("eval", 3, 7), "the splits differ");
        RemoteTextEnvironment environment = new RemoteTextEnvironment(server, null);
        List<String> first = play(environment, tasks.get(0), 5);
        assertEquals(first, play(environment, tasks.get(0), 5));
        assertTrue(
                first.stream().anyMatch(s -> s.contains("GOOD") || s.contains("BAD")),
                first.toString());
    }

    private static List<String> play(RemoteTextEnvironment environment, JsonTask task, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<String> transcript = new java.util.ArrayList<>();
        try (EnvironmentSession session = environment.start(task, rng.split())) {
            for (int step = 0; step < 6 && !session.done(); step++) {
                List<String> commands = session.admissibleActions();
                StepResult result = session.step(commands.get(rng.nextInt(commands.size())));
                assertNotEquals(StepLabel.UNKNOWN, result.label());
                transcript.add(result.observation() + " " + result.label());
            }
        }
        return transcript;
    }

    @Test
    void aStepSentAgainIsAnsweredAgainAndAppliedOnce() throws Exception {
        JsonTask task = server.tasks("train", 1, 3).get(0);
        server.reset(task, 1, "again");
        String command = server.reset(task, 1, "again").actions().get(0);
        RemoteServer.Answer once = server.step("again", 0, command);
        RemoteServer.Answer twice = server.step("again", 0, command);
        assertEquals(once, twice);
        JsonNode state = client.post("state", json("{\"episode_id\": \"again\"}"));
        assertEquals(1, state.path("step_count").asInt(), state.toString());
        RemoteEnvironmentException skipped =
                assertThrows(
                        RemoteEnvironmentException.class, () -> server.step("again", 5, command));
        assertTrue(skipped.getMessage().contains("HTTP 400"), skipped.getMessage());
        assertTrue(skipped.getMessage().contains("step index 5"), skipped.getMessage());
    }

    @Test
    void openEnvsShapeIsAccepted() throws Exception {
        JsonNode reset = client.post("reset", json("{}"));
        String command = reset.path("observation").path("actions").get(0).asText();
        JsonNode step = client.post("step", JSON.createObjectNode().put("action", command));
        assertTrue(step.path("observation").path("text").isTextual(), step.toString());
        assertEquals(1, client.get("state").path("step_count").asInt());
        assertEquals("healthy", client.get("health").path("status").asText());
    }

    @Test
    void rewritesAreVerifiedAndBadTasksRefused() throws Exception {
        JsonTask task = server.tasks("train", 1, 11).get(0);
        for (RewriteGoal goal : RewriteGoal.values()) {
            server.rewrite(task, task, goal, 0.5, "", 3)
                    .ifPresent(
                            rewritten -> {
                                assertNotEquals(task.id(), rewritten.id());
                                assertTrue(server.verify(rewritten).valid(), rewritten.json());
                            });
        }
        JsonTask broken =
                JsonTask.of(json("{\"id\": \"x\", \"blocks\": 9, \"start\": [], \"goal\": []}"));
        assertTrue(!server.verify(broken).valid());
        RemoteEnvironmentException refused =
                assertThrows(
                        RemoteEnvironmentException.class,
                        () -> client.post("reset", json("{\"task\": {\"no\": \"id\"}}")));
        assertTrue(refused.getMessage().contains("HTTP 400"), refused.getMessage());
    }

    @Test
    void theExamplesSolverIsOfferedAndPlaysGoodStepsToTheGoal() {
        assertTrue(server.info().demonstrates(), "/info says demonstrate: true");
        RemoteTextEnvironment environment = new RemoteTextEnvironment(server, null);
        JsonTask task = server.tasks("train", 1, 5).get(0);
        try (EnvironmentSession session = environment.start(task, new SplittableRandom(2))) {
            for (int step = 0; step < 20 && !session.done(); step++) {
                java.util.Optional<String> command = environment.demonstration(session);
                assertTrue(command.isPresent(), "the solver has a move before the goal");
                assertTrue(session.admissibleActions().contains(command.get()), command.get());
                assertEquals(StepLabel.GOOD, session.step(command.get()).label());
            }
            assertTrue(session.won(), "the solver's moves reach the goal");
            assertTrue(environment.demonstration(session).isEmpty(), "none after the end");
        }
    }
}
