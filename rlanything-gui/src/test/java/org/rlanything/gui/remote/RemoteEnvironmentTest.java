package org.rlanything.gui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.remote.RemoteEnvironmentException;
import org.rlanything.remote.RemoteScreenEnvironment;
import org.rlanything.remote.RemoteScreenTask;
import org.rlanything.remote.RemoteSettings;
import org.rlanything.testfixtures.SharedData;

/**
 * The client against a real HTTP server on loopback. The served environment here is a counting game
 * whose steps can be made slow, so that timeouts, retries and dead servers are exercised fast;
 * {@link RemoteMiniwobTest} serves real browser episodes.
 */
class RemoteEnvironmentTest {

    /** Reach the target number by "add 1" / "add 2"; its first {@code slowSteps} steps sleep. */
    static final class CountingGame implements Environment {
        final AtomicInteger applied = new AtomicInteger();
        final long slowMillis;
        final int slowSteps;

        CountingGame(long slowMillis, int slowSteps) {
            this.slowMillis = slowMillis;
            this.slowSteps = slowSteps;
        }

        @Override
        public EnvironmentSession start(Task task, RandomGenerator rng) {
            int target = ((CountTask) task).target();
            return new EnvironmentSession() {
                int at;

                @Override
                public String observation() {
                    return "at " + at + " of " + target;
                }

                @Override
                public List<String> admissibleActions() {
                    return List.of("add 1", "add 2");
                }

                @Override
                public StepResult step(String action) {
                    if (applied.getAndIncrement() < slowSteps) {
                        try {
                            Thread.sleep(slowMillis);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    at += action.equals("add 2") ? 2 : 1;
                    return new StepResult(observation(), done(), won(), StepLabel.UNKNOWN);
                }

                @Override
                public boolean done() {
                    return at >= target;
                }

                @Override
                public boolean won() {
                    return at == target;
                }
            };
        }

        @Override
        public org.rlanything.core.Verification verify(Task task) {
            return ((CountTask) task).target() > 0
                    ? org.rlanything.core.Verification.ok()
                    : org.rlanything.core.Verification.rejected("the target must be positive");
        }
    }

    record CountTask(int target) implements Task {
        @Override
        public String id() {
            return "count-" + target;
        }

        @Override
        public String describe() {
            return "count to " + target;
        }
    }

    private static Task decode(JsonNode json) {
        if (!json.has("target")) {
            throw new IllegalArgumentException("A counting task needs \"target\".");
        }
        return new CountTask(json.get("target").asInt());
    }

    private static RemoteScreenTask task(int target) {
        return new RemoteScreenTask("count-" + target, "count", "{\"target\":" + target + "}");
    }

    private static RemoteSettings settings(int port, long timeoutMillis, int retries) {
        return new RemoteSettings(
                URI.create("http://127.0.0.1:" + port + "/"),
                Duration.ofSeconds(2),
                Duration.ofMillis(timeoutMillis),
                retries,
                Duration.ofMillis(100));
    }

    @Test
    void resetStepAndVerifyThroughTheProtocol() throws Exception {
        try (RemoteEnvironmentServer server =
                RemoteEnvironmentServer.start(
                        new CountingGame(0, 0), RemoteEnvironmentTest::decode, "127.0.0.1", 0, 2)) {
            RemoteScreenEnvironment env =
                    new RemoteScreenEnvironment(settings(server.port(), 5000, 1));
            try (RemoteScreenEnvironment.RemoteSession session =
                    env.start(task(3), new SplittableRandom(1))) {
                assertEquals("at 0 of 3", session.observation());
                assertEquals(List.of("add 1", "add 2"), session.admissibleActions());
                StepResult first = session.step("add 2");
                assertEquals("at 2 of 3", first.observation());
                assertFalse(first.done());
                StepResult second = session.step("add 1");
                assertTrue(second.done() && second.won());
                assertTrue(session.won());
                assertEquals(1.0, session.reward());
                assertThrows(IllegalStateException.class, () -> session.step("add 1"));
            }
            assertTrue(env.verify(task(2)).valid());
            assertEquals("the target must be positive", env.verify(task(0)).reason());
            RemoteEnvironmentException bad =
                    assertThrows(
                            RemoteEnvironmentException.class,
                            () ->
                                    env.start(
                                            new RemoteScreenTask("x", "x", "{\"goal\":1}"),
                                            new SplittableRandom(1)));
            assertTrue(bad.getMessage().contains("HTTP 400"), bad.getMessage());
            assertTrue(bad.getMessage().contains("needs \"target\""), bad.getMessage());
        }
    }

    @Test
    void aStepWhoseAnswerTimedOutIsRetriedAndAppliedOnce() throws Exception {
        CountingGame game = new CountingGame(700, 1);
        try (RemoteEnvironmentServer server =
                RemoteEnvironmentServer.start(
                        game, RemoteEnvironmentTest::decode, "127.0.0.1", 0, 2)) {
            RemoteScreenEnvironment env =
                    new RemoteScreenEnvironment(settings(server.port(), 400, 3));
            try (RemoteScreenEnvironment.RemoteSession session =
                    env.start(task(5), new SplittableRandom(1))) {
                StepResult result = session.step("add 2");
                assertEquals("at 2 of 5", result.observation());
                assertEquals(1, game.applied.get(), "the retried step was applied twice");
                assertEquals("at 3 of 5", session.step("add 1").observation());
            }
        }
    }

    @Test
    void aServerThatNeverAnswersInTimeFailsWithTheTimeout() throws Exception {
        CountingGame game = new CountingGame(3000, 100);
        try (RemoteEnvironmentServer server =
                RemoteEnvironmentServer.start(
                        game, RemoteEnvironmentTest::decode, "127.0.0.1", 0, 2)) {
            RemoteScreenEnvironment env =
                    new RemoteScreenEnvironment(settings(server.port(), 200, 1));
            RemoteScreenEnvironment.RemoteSession session =
                    env.start(task(5), new SplittableRandom(1));
            long t0 = System.nanoTime();
            RemoteEnvironmentException e =
                    assertThrows(RemoteEnvironmentException.class, () -> session.step("add 1"));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(e.getMessage().contains("after 2 attempts"), e.getMessage());
            assertTrue(e.getMessage().contains("no whole answer within 200 ms"), e.getMessage());
            assertTrue(seconds < 2.0, "took " + seconds + " s");
        }
    }

    @Test
    void aServerThatDiesMidEpisodeFailsTheStepWithItsAddress() throws Exception {
        RemoteEnvironmentServer server =
                RemoteEnvironmentServer.start(
                        new CountingGame(0, 0), RemoteEnvironmentTest::decode, "127.0.0.1", 0, 2);
        int port = server.port();
        RemoteScreenEnvironment env = new RemoteScreenEnvironment(settings(port, 1000, 2));
        RemoteScreenEnvironment.RemoteSession session = env.start(task(5), new SplittableRandom(1));
        session.step("add 1");
        server.close();
        RemoteEnvironmentException e =
                assertThrows(RemoteEnvironmentException.class, () -> session.step("add 1"));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
        assertTrue(e.getMessage().contains("after 3 attempts"), e.getMessage());
        session.close(); // a dead server is not an error when closing
    }

    @Test
    void osworldTaskFilesAreTaskSources() {
        // the OSWorld examples are not part of the shared data CI provides: skipped without them
        Optional<Path> found = SharedData.find("osworld/new_examples");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                found.isPresent(), "no shared/data/osworld/new_examples above the working folder");
        Path folder = found.get();
        List<RemoteScreenTask> tasks = RemoteScreenTask.fromFolder(folder);
        assertEquals(222, tasks.size());
        for (RemoteScreenTask t : tasks) {
            assertFalse(t.description().isBlank(), t.id());
            assertTrue(t.specJson().has("evaluator"), t.id());
            assertEquals(t.id(), t.specJson().get("id").asText());
        }
    }
}
