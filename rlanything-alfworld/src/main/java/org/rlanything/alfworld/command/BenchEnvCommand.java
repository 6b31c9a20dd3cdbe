package org.rlanything.alfworld.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.EnvBenchmark;
import org.rlanything.alfworld.GameLoader;
import org.rlanything.core.spi.CommandProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench env}: ALFWorld environment steps per second on the calling thread (random
 * admissible commands; observation and admissible list computed at every step) and heap per loaded
 * game. For a strict one-core figure, pin the process (e.g. {@code taskset -c 0}).
 */
@Command(
        name = "env",
        mixinStandardHelpOptions = true,
        description =
                "Measures ALFWorld environment steps per second on one thread (random admissible commands,"
                        + " observation and admissible list at every step) and heap memory per loaded game.")
public final class BenchEnvCommand implements CommandProvider, Callable<Integer> {

    @Override
    public Group group() {
        return Group.BENCH;
    }

    @Spec private CommandSpec spec;

    @Option(
            names = "--games",
            paramLabel = "DIR",
            description =
                    "Folder searched for game.tw-pddl files (default:"
                            + " shared/data/alfworld/games found above the working directory).")
    private Path games;

    @Option(
            names = "--seconds",
            defaultValue = "5",
            description = "Measured seconds (default ${DEFAULT-VALUE}).")
    private double seconds;

    @Option(
            names = "--warmup",
            defaultValue = "3",
            description = "Warm-up seconds (default ${DEFAULT-VALUE}).")
    private double warmup;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Seed of the random commands (default ${DEFAULT-VALUE}).")
    private long seed;

    @Mixin private MaxStepsOption maxStepsOption;

    @Override
    public Integer call() {
        if (seconds <= 0 || warmup < 0) {
            throw new org.rlanything.core.BadInputException(
                    "--seconds (" + seconds + ") must be > 0 and --warmup (" + warmup + ") >= 0.");
        }
        int maxSteps = maxStepsOption.maxSteps();
        Path folder = games != null ? games : findGames();
        List<Path> files = gameFiles(folder);
        if (files.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "No game.tw-pddl file was found under " + folder + ".");
        }
        long before = usedHeap();
        List<AlfworldGame> loaded = new ArrayList<>();
        for (Path file : files) {
            try {
                loaded.add(GameLoader.load(file));
            } catch (IOException e) {
                throw new org.rlanything.core.BadInputException(e.getMessage());
            }
        }
        long afterLoad = usedHeap();
        EnvBenchmark.Result result = EnvBenchmark.run(loaded, warmup, seconds, maxSteps, seed);
        long afterRun = usedHeap();
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "games: %d from %s%n", loaded.size(), folder);
        out.printf(
                Locale.ROOT,
                "env steps/second (1 thread, random admissible commands, observation + admissible"
                        + " list every step): %.0f%n",
                result.stepsPerSecond());
        out.printf(
                Locale.ROOT,
                "  %d steps, %d episodes (%d won by chance) in %.2f s after %.1f s warm-up%n",
                result.steps(),
                result.episodes(),
                result.wins(),
                result.seconds(),
                warmup);
        out.printf(
                Locale.ROOT,
                "memory per loaded game: %.1f KiB after loading, %.1f KiB after the run (with"
                        + " cached command texts)%n",
                (afterLoad - before) / 1024.0 / loaded.size(),
                (afterRun - before) / 1024.0 / loaded.size());
        out.flush();
        if (loaded.get(0).id().isEmpty()) {
            return 1; // keeps 'loaded' reachable until after the last measurement
        }
        return 0;
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    private static Path findGames() {
        Path dir = Paths.get("").toAbsolutePath();
        while (dir != null) {
            Path candidate =
                    dir.resolve("shared").resolve("data").resolve("alfworld").resolve("games");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        throw new org.rlanything.core.BadInputException(
                "No shared/data/alfworld/games folder was found above "
                        + Paths.get("").toAbsolutePath()
                        + "; name one with --games DIR.");
    }

    private static List<Path> gameFiles(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new org.rlanything.core.BadInputException(
                    "The games folder " + folder + " does not exist.");
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> p.getFileName().toString().equals(GameLoader.GAME_FILE_NAME))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
