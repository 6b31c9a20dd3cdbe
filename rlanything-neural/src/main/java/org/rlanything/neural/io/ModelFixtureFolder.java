package org.rlanything.neural.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@code scripts/models/make-fixtures} puts the llama.cpp parity fixtures (tiny random models
 * with Llama 3's, Qwen2's and Qwen3's real vocabularies and what llama.cpp and python3-jinja2 made
 * of them): {@code RLANYTHING_MODEL_FIXTURES}, else {@code .model-fixtures} in the working
 * directory or a folder above it, else the user's cache ({@code
 * ~/.cache/rlanything/model-fixtures}, where {@code scripts/test} builds them once per machine).
 * Tests locate them here.
 */
public final class ModelFixtureFolder {

    /** The folder's name at the repository root. */
    public static final String NAME = ".model-fixtures";

    /** Set to 1 (by scripts/test) when their absence must fail the tests that need them. */
    public static final String REQUIRE = "RLANYTHING_REQUIRE_MODEL_FIXTURES";

    /** The message for a test that needs the fixtures when they are not built. */
    public static final String MISSING =
            "The model fixtures are not built: run scripts/models/make-fixtures (needs npm,"
                    + " Debian's python3-numpy and python3-jinja2; scripts/test runs it).";

    private ModelFixtureFolder() {}

    /** The fixtures folder, if built. */
    public static Optional<Path> locate() {
        String env = System.getenv("RLANYTHING_MODEL_FIXTURES");
        if (env != null && !env.isBlank()) {
            return built(Path.of(env));
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Optional<Path> found = built(p.resolve(NAME));
            if (found.isPresent()) {
                return found;
            }
        }
        return built(cache());
    }

    /** The user's cache folder for the fixtures. */
    public static Path cache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base =
                xdg != null && !xdg.isBlank()
                        ? Path.of(xdg)
                        : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("rlanything").resolve("model-fixtures");
    }

    /** Whether a test must fail rather than skip when the fixtures are missing. */
    public static boolean required() {
        return "1".equals(System.getenv(REQUIRE));
    }

    private static Optional<Path> built(Path folder) {
        return Files.isRegularFile(folder.resolve("chat.json"))
                        && Files.isRegularFile(folder.resolve("stamp"))
                ? Optional.of(folder)
                : Optional.empty();
    }
}
