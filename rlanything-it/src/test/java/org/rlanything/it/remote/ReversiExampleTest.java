package org.rlanything.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * The SDK's Reversi example ({@code python/examples/reversi.py}) against the real program it wraps,
 * nbsdgames's {@code /usr/games/nbreversi}, through this project's client: the same task and seed
 * replay the same game, the wrapper's solver plays legal moves to the end, its features give one
 * row per admissible move, rewrites change the program's power within its bounds, and a program
 * whose board disagrees with the wrapper's rules (one that plays O itself) fails the episode.
 * Skipped where the program or Debian's pyte is not installed (scripts/test installs both).
 */
@Timeout(120)
class ReversiExampleTest {

    private static final Path EXAMPLE = PythonExamples.example("reversi.py");
    private static final Path GAME = Path.of("/usr/games/nbreversi");
    private static final Pattern DISCS = Pattern.compile("Discs: O (\\d+), X (\\d+)\\.");
    private static final int FEATURES = 10;

    private static final PythonExamples examples = new PythonExamples();
    private static RemoteServer server;

    @TempDir static Path dir;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(PythonExamples.installed(GAME), GAME + " is not installed (Debian's nbsdgames)");
        assumeTrue(PythonExamples.imports("pyte"), "Debian's python3-pyte is not installed");
        server = serve(Map.of());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        examples.stop();
    }

    private static RemoteServer serve(Map<String, String> env) throws Exception {
        return examples.serve(EXAMPLE, env);
    }

    /** One whole game: every observation, with moves drawn from {@code seed} among the listed. */
    private static List<String> play(JsonTask task, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<String> transcript = new ArrayList<>();
        RemoteTextEnvironment environment = new RemoteTextEnvironment(server, null);
        try (EnvironmentSession session = environment.start(task, rng.split())) {
            transcript.add(session.observation());
            for (int step = 0; step < 40 && !session.done(); step++) {
                List<String> moves = session.admissibleActions();
                assertFalse(moves.isEmpty(), session.observation());
                session.step(moves.get(rng.nextInt(moves.size())));
                transcript.add(session.observation() + " won=" + session.won());
            }
            assertTrue(session.done(), "a game ends within 40 moves of O: " + transcript);
        }
        return transcript;
    }

    private static int discs(String observation) {
        Matcher m = DISCS.matcher(observation);
        assertTrue(m.find(), observation);
        return Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(2));
    }

    @Test
    void theSameTaskAndSeedReplayTheSameGameAndHeldOutSeedsAreOthers() {
        List<JsonTask> train = PythonExamples.checkInfoAndSplits(server, FEATURES);
        List<String> game = play(train.get(0), 5);
        assertEquals(game, play(train.get(0), 5), "the same task and moves: the same game");
        // the program's first move and 3 opening moves of O with their answers: 4 + 7 discs
        assertEquals(11, discs(game.get(0)), game.get(0));
        assertTrue(game.get(game.size() - 1).contains("Game over"), game.toString());
        assertNotEquals(game.get(0), play(train.get(1), 5).get(0), "another seed, another opening");
    }

    @Test
    void theSolverPlaysLegalMovesAndTheFeaturesDescribeEachOne() {
        JsonTask task = server.tasks("eval", 1, 1).get(0);
        RemoteTextEnvironment environment = new RemoteTextEnvironment(server, null);
        int moves = 0;
        try (EnvironmentSession session = environment.start(task, new SplittableRandom(3))) {
            while (!session.done()) {
                List<String> admissible = session.admissibleActions();
                double[][] rows =
                        server.features(task, session.observation(), admissible, FEATURES);
                assertEquals(admissible.size(), rows.length, session.observation());
                for (double[] row : rows) {
                    for (double v : row) {
                        assertTrue(v >= -1 && v <= 2, "scaled to about [0, 1]: " + v);
                    }
                }
                Optional<String> move = environment.demonstration(session);
                assertTrue(move.isPresent() && admissible.contains(move.get()), admissible + "");
                int before = discs(session.observation());
                session.step(move.get());
                assertTrue(discs(session.observation()) > before, session.observation());
                moves++;
            }
            assertTrue(session.observation().contains("Game over"), session.observation());
        }
        assertTrue(moves >= 10 && moves <= 32, "O's moves in a game: " + moves);
    }

    @Test
    void rewritesChangeThePowerWithinItsBounds() {
        PythonExamples.checkRewritesStepThePower(server);
    }

    @Test
    void aProgramWhoseBoardBreaksTheRulesFailsTheEpisode() throws Exception {
        // the same program told to play O itself too (a later -1 wins): it moves for O unasked
        Path selfPlaying = dir.resolve("nbreversi-plays-o");
        Files.writeString(selfPlaying, "#!/bin/sh\nexec " + GAME + " \"$@\" -1 c\n");
        assertTrue(selfPlaying.toFile().setExecutable(true));
        RemoteServer broken =
                serve(
                        Map.of(
                                "RLANYTHING_NBREVERSI",
                                selfPlaying.toString(),
                                "RLANYTHING_REVERSI_TIMEOUT_S",
                                "2"));
        JsonTask task = broken.tasks("train", 1, 1).get(0);
        RemoteEnvironmentException failed =
                assertThrows(RemoteEnvironmentException.class, () -> broken.reset(task, 1, "e"));
        assertTrue(failed.getMessage().contains("HTTP 500"), failed.getMessage());
        // the wrapper's own check, usually "nbreversi did not show a board that legal moves of X
        // reach from ..." (where its read falls between the program's first two moves, the keys it
        // then sends end the finished game: "nbreversi exited ...")
        assertTrue(failed.getMessage().contains("RuntimeError: nbreversi "), failed.getMessage());
    }
}
