package org.rlanything.gui;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.rlanything.core.Task;

/**
 * One MiniWoB++ task family: a task page whose own JavaScript draws problems and checks them,
 * possibly with a hint added to its instruction (method.md §7: the rewriter switches among the
 * human-written variant pages and adds or removes hints; the checker is always the page's own).
 *
 * @param family the family name (the page's file name without {@code .html})
 * @param page the page's address ({@code file:} or {@code http:})
 * @param hint whether the observation carries a {@link Hints hint}
 */
public record MiniwobTask(String family, URI page, boolean hint) implements Task {

    public MiniwobTask {
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(page, "page");
    }

    /**
     * The task of a page file.
     *
     * @throws IllegalArgumentException naming the file when it is missing or not an {@code .html}
     *     file
     */
    public static MiniwobTask ofFile(Path file) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".html")) {
            throw new org.rlanything.core.BadInputException(
                    "Not a MiniWoB++ task page (expected an .html file): " + file);
        }
        if (!Files.isRegularFile(file)) {
            throw new org.rlanything.core.BadInputException("No such MiniWoB++ task page: " + file);
        }
        return new MiniwobTask(
                name.substring(0, name.length() - ".html".length()),
                file.toAbsolutePath().normalize().toUri(),
                false);
    }

    /** This task with its hint added or removed. */
    public MiniwobTask withHint(boolean hint) {
        return new MiniwobTask(family, page, hint);
    }

    @Override
    public String id() {
        return hint ? family + "+hint" : family;
    }

    @Override
    public String describe() {
        return "MiniWoB++ " + family + (hint ? " with a hint" : "");
    }
}
