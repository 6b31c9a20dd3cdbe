package org.rlanything.run.review;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.rlanything.core.BadInputException;
import org.rlanything.run.RunFolder;

/**
 * The runs {@code rlanything review} shows: each argument is a run folder, or a folder holding run
 * folders (an ablation's output, or any folder of runs) up to {@value #DEPTH} levels down. Each run
 * is named by its path below the folder given (its folder name when given itself), so that the
 * overview's columns and the curves' legends read "runs/full-seed1", "runs/outcome-seed1".
 */
public final class ReviewRuns {

    /** How deep below a given folder runs are looked for. */
    static final int DEPTH = 3;

    /** One run: its index in the list (the API's {@code run}), its name and its folder. */
    public record Run(int id, String name, RunFolder folder) {}

    private ReviewRuns() {}

    /** Whether {@code dir} is a run folder: it has a config.yaml or a metrics.jsonl. */
    static boolean isRun(Path dir) {
        RunFolder folder = new RunFolder(dir);
        return Files.isDirectory(dir)
                && (Files.isRegularFile(folder.config())
                        || Files.isRegularFile(folder.metrics().file()));
    }

    /**
     * The runs the arguments name, in order (those found in a folder sorted by path); a path that
     * is neither a run folder nor a folder holding one is refused naming it.
     */
    public static List<Run> find(List<Path> arguments) throws IOException {
        Map<Path, String> found = new LinkedHashMap<>();
        for (Path argument : arguments) {
            if (!Files.isDirectory(argument)) {
                throw new BadInputException(
                        argument
                                + " is not a folder: give a run folder (the trainer.run_dir of a"
                                + " run) or a folder that holds runs.");
            }
            if (isRun(argument)) {
                found.putIfAbsent(argument.toAbsolutePath().normalize(), name(argument));
                continue;
            }
            List<Path> inside = new ArrayList<>();
            collect(argument, 0, inside);
            if (inside.isEmpty()) {
                throw new BadInputException(
                        argument
                                + " is not a run folder (it has no config.yaml and no"
                                + " metrics.jsonl) and holds none up to "
                                + DEPTH
                                + " levels down: give the trainer.run_dir of a run, or a folder"
                                + " of runs.");
            }
            for (Path run : inside) {
                found.putIfAbsent(
                        run.toAbsolutePath().normalize(),
                        argument.relativize(run).toString().replace('\\', '/'));
            }
        }
        List<Run> runs = new ArrayList<>();
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (Map.Entry<Path, String> e : found.entrySet()) {
            String name = e.getValue();
            int count = seen.merge(name, 1, Integer::sum);
            runs.add(
                    new Run(
                            runs.size(),
                            count == 1 ? name : name + " (" + count + ")",
                            new RunFolder(e.getKey())));
        }
        return List.copyOf(runs);
    }

    /** A run given by itself is named by its folder's name. */
    static String name(Path run) {
        Path file = run.toAbsolutePath().normalize().getFileName();
        return file == null ? run.toString() : file.toString();
    }

    /** The run folders below {@code dir} (not inside a run folder), sorted by path. */
    private static void collect(Path dir, int depth, List<Path> out) throws IOException {
        if (depth >= DEPTH) {
            return;
        }
        List<Path> children;
        try (Stream<Path> list = Files.list(dir)) {
            children = list.filter(Files::isDirectory).sorted().toList();
        }
        for (Path child : children) {
            if (isRun(child)) {
                out.add(child);
            } else {
                collect(child, depth + 1, out);
            }
        }
    }
}
