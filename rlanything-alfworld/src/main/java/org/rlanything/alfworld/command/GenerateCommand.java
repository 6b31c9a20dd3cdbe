package org.rlanything.alfworld.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.alfworld.gen.EnginePlanOracle;
import org.rlanything.alfworld.gen.GameGenerator;
import org.rlanything.alfworld.gen.GenerationRun;
import org.rlanything.alfworld.gen.TaskType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything alfworld generate}: writes ALFWorld training games (2.1.3 logic) generated in
 * the layout rooms, each verified winnable by the planner, plus a {@code generation.json} manifest.
 */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        description = {
            "Generate ALFWorld training games in the layout rooms (never the evaluation rooms).",
            "Each game is verified winnable by the planner; the same seed writes identical files."
        })
public final class GenerateCommand implements Callable<Integer> {

    @Option(
            names = "--seed",
            required = true,
            description = "Run seed; game i depends only on (seed, i).")
    long seed;

    @Option(
            names = "--count",
            required = true,
            description = "Number of games (task types are balanced).")
    int count;

    @Option(names = "--out", required = true, description = "Output folder (must be new or empty).")
    Path out;

    @Mixin DataOption dataOption;

    @Option(
            names = "--max-steps",
            defaultValue = "" + GameGenerator.DEFAULT_MAX_STEPS,
            description =
                    "Planner step limit a game must be won within (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        requireCount(count);
        requireEmpty(out);
        AlfworldData folder = dataOption.folder();
        long start = System.nanoTime();
        GameGenerator generator =
                GameGenerator.fromData(folder, EnginePlanOracle.create(), maxSteps);
        GenerationRun run = generator.run(seed, count);
        Path manifest = run.writeTo(out);
        double seconds = (System.nanoTime() - start) / 1e9;
        PrintWriter printer = spec.commandLine().getOut();
        printer.printf(
                Locale.ROOT,
                "Generated %d games (seed %d, logic %s) in %.1f s under %s%n",
                count,
                seed,
                run.logicVersion(),
                seconds,
                out);
        for (Map.Entry<TaskType, Integer> entry : run.countsByType().entrySet()) {
            printer.printf(Locale.ROOT, "  %-32s %d%n", entry.getKey().id(), entry.getValue());
        }
        printer.printf(
                Locale.ROOT,
                "All winnable within %d steps; mean optimal plan %.2f steps. Manifest: %s%n",
                maxSteps,
                run.meanOptimalSteps(),
                manifest);
        printer.flush();
        return 0;
    }

    static void requireEmpty(Path out) {
        if (!Files.exists(out)) {
            return;
        }
        if (!Files.isDirectory(out)) {
            throw new org.rlanything.core.BadInputException(
                    "--out " + out + " is a file; give a new or empty folder.");
        }
        try (Stream<Path> entries = Files.list(out)) {
            if (entries.findAny().isPresent()) {
                throw new org.rlanything.core.BadInputException(
                        "--out "
                                + out
                                + " is not empty; give a new folder so that games of different runs do not mix.");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not list the output folder " + out + ".", e);
        }
    }

    /** Refuses a {@code --count} of games below 1 (this command's and rewrite-bench's). */
    static void requireCount(int count) {
        if (count < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--count (" + count + ") must be at least 1.");
        }
    }
}
