package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.nio.file.Paths;

/**
 * What a test does when the shared data (`shared/data` beside the checkout, such as
 * `../shared/data/alfworld`) is missing: it is skipped on a developer's machine, and it fails under
 * `CI=true`, where a missing data folder means the check did not run.
 */
public final class SharedData {

    private SharedData() {}

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
