package org.rlanything.gui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The task families of a folder of MiniWoB++ pages ({@code html/miniwob/}), by file name. */
public final class MiniwobFolder {

    private MiniwobFolder() {}

    /**
     * The shared task pages, {@code shared/data/miniwob/html/miniwob} in the working folder or a
     * folder above it; empty when there is none.
     */
    public static Optional<Path> findShared() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("shared/data/miniwob/html/miniwob");
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
            dir = dir.getParent();
        }
        return Optional.empty();
    }

    /**
     * The tasks of {@code path}: the page itself when it is a file, else every {@code .html} file
     * directly in the folder, sorted by name.
     *
     * @throws IllegalArgumentException naming the path when it holds no task page
     */
    public static List<MiniwobTask> tasks(Path path) {
        if (Files.isRegularFile(path)) {
            return List.of(MiniwobTask.ofFile(path));
        }
        if (!Files.isDirectory(path)) {
            throw new org.rlanything.core.BadInputException(
                    "No such MiniWoB++ page or folder: " + path);
        }
        try (Stream<Path> files = Files.list(path)) {
            List<MiniwobTask> tasks =
                    files.filter(p -> p.getFileName().toString().endsWith(".html"))
                            .filter(Files::isRegularFile)
                            .sorted()
                            .map(MiniwobTask::ofFile)
                            .toList();
            if (tasks.isEmpty()) {
                throw new org.rlanything.core.BadInputException("No .html task pages in " + path);
            }
            return tasks;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + path, e);
        }
    }
}
