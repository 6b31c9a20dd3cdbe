package org.rlanything.pddl.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds problem files: a folder (every {@code .pddl} file in it that is not a domain file) or a
 * glob on file names ({@code blocks/probBLOCKS-4-*.pddl}), sorted by name. A domain file is named
 * {@code domain.pddl} or {@code NAME-domain.pddl}; the latter is the domain of problem {@code
 * NAME.pddl} (as in the IPC's per-problem domains).
 */
public final class ProblemFiles {

    private ProblemFiles() {}

    /** The problem files {@code spec} names (a folder or a glob), sorted by name. */
    public static List<Path> find(String spec) {
        Path path = Path.of(spec);
        if (Files.isDirectory(path)) {
            return list(path, p -> true);
        }
        Path folder = path.getParent() == null ? Path.of(".") : path.getParent();
        String pattern = path.getFileName().toString();
        if (!Files.isDirectory(folder)) {
            throw new org.rlanything.core.BadInputException(
                    "the folder " + folder + " of " + spec + " does not exist.");
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        return list(folder, p -> matcher.matches(p.getFileName()));
    }

    private static List<Path> list(Path folder, java.util.function.Predicate<Path> keep) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".pddl"))
                    .filter(p -> !isDomainFile(p))
                    .filter(keep)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@code file} is named as a domain file. */
    public static boolean isDomainFile(Path file) {
        String name = file.getFileName().toString();
        return name.equals("domain.pddl") || name.endsWith("-domain.pddl");
    }

    /**
     * The domain file of {@code problem}: {@code NAME-domain.pddl} beside it if there is one, else
     * {@code domain.pddl} beside it; {@code fallback} when given overrides both.
     */
    public static Path domainOf(Path problem, Path fallback) {
        if (fallback != null) {
            return fallback;
        }
        return besideOf(problem)
                .orElseThrow(
                        () ->
                                new org.rlanything.core.BadInputException(
                                        "no domain file for "
                                                + problem
                                                + " (neither "
                                                + ownName(problem)
                                                + " nor domain.pddl beside it)."));
    }

    /**
     * The domain file beside {@code problem}, if there is one: {@code NAME-domain.pddl}, else
     * {@code domain.pddl}.
     */
    public static Optional<Path> besideOf(Path problem) {
        Path own = problem.resolveSibling(ownName(problem));
        if (Files.isRegularFile(own)) {
            return Optional.of(own);
        }
        Path shared = problem.resolveSibling("domain.pddl");
        return Files.isRegularFile(shared) ? Optional.of(shared) : Optional.empty();
    }

    private static String ownName(Path problem) {
        String name = problem.getFileName().toString();
        String stem = name.endsWith(".pddl") ? name.substring(0, name.length() - 5) : name;
        return stem + "-domain.pddl";
    }
}
