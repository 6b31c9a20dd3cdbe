package org.rlanything.neural.parity;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The llama.cpp parity fixtures made by {@code scripts/models/make-fixtures} (tiny random models
 * with Llama 3's, Qwen2's and Qwen3's real vocabularies, llama.cpp's token ids and next-token
 * distributions, python3-jinja2's chat renderings). They are built, not committed: {@code
 * scripts/test} builds them and sets {@code RLANYTHING_REQUIRE_MODEL_FIXTURES=1}, under which their
 * absence fails a test; elsewhere a test that needs them is skipped with a message saying how to
 * build them.
 */
public final class ModelFixtures {

    /** The folder name, at the repository root. */
    public static final String FOLDER = ".model-fixtures";

    private ModelFixtures() {}

    /**
     * The fixtures folder ({@code RLANYTHING_MODEL_FIXTURES}, or {@code .model-fixtures} in the
     * working directory or a folder above it).
     */
    public static Path root() {
        String env = System.getenv("RLANYTHING_MODEL_FIXTURES");
        Path found = null;
        if (env != null && !env.isBlank()) {
            found = Path.of(env);
        } else {
            for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve(FOLDER).resolve("chat.json"))) {
                    found = p.resolve(FOLDER);
                    break;
                }
            }
        }
        boolean present = found != null && Files.isRegularFile(found.resolve("chat.json"));
        String message =
                "The model fixtures are not built: run scripts/models/make-fixtures (needs npm,"
                        + " Debian's python3-numpy and python3-jinja2; scripts/test runs it).";
        if (!present && "1".equals(System.getenv("RLANYTHING_REQUIRE_MODEL_FIXTURES"))) {
            fail(message);
        }
        assumeTrue(present, message);
        return found;
    }

    /** One layout's folder: {@code llama}, {@code qwen2} or {@code qwen3}. */
    public static Path layout(String name) {
        return root().resolve(name);
    }
}
