package org.rlanything.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.remote.JsonTask;
import org.rlanything.remote.RemoteEnvironmentException;
import org.rlanything.remote.RemoteServer;
import org.rlanything.remote.RemoteTextEnvironment;

/**
 * The SDK's checkers example ({@code python/examples/checkers.py}) against the real program it
 * wraps, nbsdgames's {@code /usr/games/nbcheckers}, through this project's client: the wrapper's
 * solver plays legal moves (single steps and chains of jumps, each checked against the program's
 * boards; a disagreement fails the episode) until the game ends or is adjudicated at the task's
 * limit, its features give one row per admissible move, rewrites change the program's power within
 * its bounds, and a program whose board disagrees with the wrapper's rules (one that plays Black
 * itself) fails the episode. Skipped where the program, libfaketime or Debian's pyte is not
 * installed (scripts/test installs them).
 */
@Timeout(120)
class CheckersExampleTest {

    private static final Path EXAMPLE = PythonExamples.example("checkers.py");
    private static final Path GAME = Path.of("/usr/games/nbcheckers");
    private static final Path FAKETIME =
            Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1");
    private static final Pattern PIECES = Pattern.compile("Pieces: Black (\\d+), White (\\d+)\\.");
    private static final int FEATURES = 11;

    private static final PythonExamples examples = new PythonExamples();
    private static RemoteServer server;

    @TempDir static Path dir;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(PythonExamples.installed(GAME), GAME + " is not installed (Debian's nbsdgames)");
        assumeTrue(Files.exists(FAKETIME), FAKETIME + " is not installed (Debian's faketime)");
        assumeTrue(PythonExamples.imports("pyte"), "Debian's python3-pyte is not installed");
        server = examples.serve(EXAMPLE, Map.of());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        examples.stop();
    }

    private static int pieces(String observation) {
        Matcher m = PIECES.matcher(observation);
        assertTrue(m.find(), observation);
        return Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(2));
    }

    @Test
    void tasksOfBothSplitsAreOtherGamesAndStartAfterTheirOpening() {
        List<JsonTask> train = PythonExamples.checkInfoAndSplits(server, FEATURES);
        for (JsonTask task : train) {
            assertEquals(40, task.node().path("limit").asInt(), task.json());
        }
        RemoteTextEnvironment environment = new RemoteTextEnvironment(server, null);
        try (EnvironmentSession session =
                environment.start(train.get(0), new SplittableRandom(1))) {
            String first = session.observation();
            // two opening moves of Black and their answers: a few captures at most
            assertTrue(pieces(first) >= 18 && pieces(first) <= 24, first);
            assertTrue(first.contains("To move: Black (you); 40 of your 40 moves left"), first);
            assertTrue(first.contains("Last moves: Black "), first);
        }
    }

    @Test
    void theSolverPlaysLegalMovesToTheEndAndTheFeaturesDescribeEachOne() {
        JsonTask task = server.tasks("eval", 1, 1).get(0);
        RemoteTextEnvironment environment = new RemoteTextEnvironment(server, null);
        int moves = 0;
        try (EnvironmentSession session = environment.start(task, new SplittableRandom(3))) {
            while (!session.done()) {
                List<String> admissible = session.admissibleActions();
                assertFalse(admissible.isEmpty(), session.observation());
                double[][] rows =
                        server.features(task, session.observation(), admissible, FEATURES);
                assertEquals(admissible.size(), rows.length, session.observation());
                for (double[] row : rows) {
                    for (double v : row) {
                        assertTrue(v >= -2 && v <= 2, "scaled to about [0, 1]: " + v);
                    }
                }
                Optional<String> move = environment.demonstration(session);
                assertTrue(move.isPresent() && admissible.contains(move.get()), admissible + "");
                session.step(move.get());
                moves++;
            }
            assertTrue(session.observation().contains("Game over"), session.observation());
        }
        // no figure of the game itself is asserted: the program's player draws at random
        assertTrue(moves >= 5 && moves <= 40, "Black's moves in a game: " + moves);
    }

    @Test
    void aCommandThatIsNoLegalMoveLeavesTheBoard() {
        JsonTask task = server.tasks("train", 1, 3).get(0);
        RemoteTextEnvironment environment = new RemoteTextEnvironment(server, null);
        try (EnvironmentSession session = environment.start(task, new SplittableRandom(4))) {
            String before = session.observation();
            session.step("a1-h8");
            assertEquals(before, session.observation());
            assertFalse(session.done());
        }
    }

    @Test
    void rewritesChangeThePowerWithinItsBounds() {
        PythonExamples.checkRewritesStepThePower(server);
    }

    @Test
    void aProgramWhoseBoardBreaksTheRulesFailsTheEpisode() throws Exception {
        // the same program told to play Black itself too (a later -1 wins): it moves for Black
        // unasked
        Path selfPlaying = dir.resolve("nbcheckers-plays-black");
        Files.writeString(selfPlaying, "#!/bin/sh\nexec " + GAME + " \"$@\" -1 c\n");
        assertTrue(selfPlaying.toFile().setExecutable(true));
        RemoteServer broken =
                examples.serve(
                        EXAMPLE,
                        Map.of(
                                "RLANYTHING_NBCHECKERS",
                                selfPlaying.toString(),
                                "RLANYTHING_CHECKERS_TIMEOUT_S",
                                "2"));
        JsonTask task = broken.tasks("train", 1, 1).get(0);
        RemoteEnvironmentException failed =
                assertThrows(RemoteEnvironmentException.class, () -> broken.reset(task, 1, "e"));
        assertTrue(failed.getMessage().contains("HTTP 500"), failed.getMessage());
        assertTrue(failed.getMessage().contains("RuntimeError: nbcheckers "), failed.getMessage());
    }
}
