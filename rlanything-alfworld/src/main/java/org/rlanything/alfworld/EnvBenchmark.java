package org.rlanything.alfworld;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Measures environment speed the way a trainer uses it: episodes of random admissible commands,
 * with the observation and the admissible list computed at every step, on the calling thread only.
 */
public final class EnvBenchmark {

    /**
     * What a run measured.
     *
     * @param steps environment steps taken
     * @param episodes episodes started
     * @param wins episodes won by the random commands
     * @param seconds wall-clock seconds of the measured part
     * @param checksum a sum over the observations and lists, so that nothing is optimised away
     */
    public record Result(long steps, long episodes, long wins, double seconds, long checksum) {
        /** Steps per second. */
        public double stepsPerSecond() {
            return steps / seconds;
        }
    }

    private EnvBenchmark() {}

    /**
     * Plays random episodes of {@code games} (round robin) for about {@code seconds} seconds after
     * a warm-up of {@code warmupSeconds}.
     *
     * @param maxSteps the episode step limit
     * @param seed the seed of the command choices
     */
    public static Result run(
            List<AlfworldGame> games,
            double warmupSeconds,
            double seconds,
            int maxSteps,
            long seed) {
        Objects.requireNonNull(games, "games");
        if (games.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "The benchmark needs at least one game.");
        }
        if (seconds <= 0) {
            throw new org.rlanything.core.BadInputException(
                    "seconds (" + seconds + ") must be > 0.");
        }
        if (warmupSeconds > 0) {
            play(
                    games,
                    (long) (warmupSeconds * 1e9),
                    maxSteps,
                    new SplittableRandom(seed ^ 0x5DEECE66DL));
        }
        return play(games, (long) (seconds * 1e9), maxSteps, new SplittableRandom(seed));
    }

    private static Result play(
            List<AlfworldGame> games, long nanos, int maxSteps, SplittableRandom random) {
        long start = System.nanoTime();
        long deadline = start + nanos;
        long steps = 0;
        long episodes = 0;
        long wins = 0;
        long checksum = 0;
        int next = 0;
        while (System.nanoTime() < deadline) {
            AlfworldGame game = games.get(next);
            next = (next + 1) % games.size();
            AlfworldSession session = AlfworldSession.start(game, maxSteps);
            episodes++;
            checksum += session.observation().length();
            while (!session.done()) {
                List<String> commands = session.admissibleActions();
                checksum += commands.size();
                String command = commands.get(random.nextInt(commands.size()));
                checksum += session.step(command).observation().length();
                steps++;
            }
            if (session.won()) {
                wins++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(steps, episodes, wins, seconds, checksum);
    }
}
