package org.rlanything.testfixtures;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * The shared data beside the checkout ({@code shared/data} in the working folder or a folder above
 * it, such as {@code ../shared/data/alfworld}, {@code ../shared/data/coding/apps150} or {@code
 * ../shared/data/miniwob/html/miniwob}), and what a test does when it is missing: it is skipped on
 * a developer's machine, and it fails under {@code CI=true}, where a missing data folder means the
 * check did not run.
 */
public final class SharedData {

    private SharedData() {}

    /**
     * The file or folder {@code shared/data/<relative>} found in the working folder or the nearest
     * folder above it that holds one; empty when none does.
     */
    public static Optional<Path> find(String relative) {
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("data").resolve(relative);
            if (Files.exists(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * The file or folder {@code shared/data/<relative>} (see {@link #find}); when it is missing the
     * test is skipped, or fails under {@code CI=true}.
     */
    public static Path require(String relative) {
        return require(relative, System.getenv("CI"));
    }

    /** As {@link #require(String)}, with the value of the {@code CI} variable given. */
    static Path require(String relative, String ci) {
        Optional<Path> found = find(relative);
        require(found.isPresent(), "shared/data/" + relative, ci);
        return found.orElseThrow();
    }

    /** Returns when {@code present}; else skips the test, or fails it under {@code CI=true}. */
    public static void require(boolean present, String what) {
        require(present, what, System.getenv("CI"));
    }

    /** As {@link #require(boolean, String)}, with the value of the {@code CI} variable given. */
    public static void require(boolean present, String what, String ci) {
        if (present) {
            return;
        }
        String message = what + " was not found above " + Paths.get("").toAbsolutePath() + ".";
        if ("true".equalsIgnoreCase(ci)) {
            fail(
                    "CI=true: "
                            + message
                            + " CI must run the tests that need the shared data; provide shared/data"
                            + " beside the checkout (or RLANYTHING_ALFWORLD_DATA).");
        }
        abort("Skipped: " + message);
    }
}
