package org.rlanything.neural.parity;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.rlanything.neural.io.ModelFixtureFolder;

/**
 * The parity fixtures for a test ({@link ModelFixtureFolder}): built by {@code scripts/test}, which
 * sets {@code RLANYTHING_REQUIRE_MODEL_FIXTURES=1}, under which their absence fails the test;
 * elsewhere a test that needs them is skipped with a message saying how to build them.
 */
public final class ModelFixtures {

    private ModelFixtures() {}

    /** The fixtures folder, or the test is skipped (failed when required). */
    public static Path root() {
        Optional<Path> found = ModelFixtureFolder.locate();
        if (found.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(found.isPresent(), ModelFixtureFolder.MISSING);
        return found.get();
    }

    /** One layout's folder: {@code llama}, {@code qwen2} or {@code qwen3}. */
    public static Path layout(String name) {
        return root().resolve(name);
    }
}
