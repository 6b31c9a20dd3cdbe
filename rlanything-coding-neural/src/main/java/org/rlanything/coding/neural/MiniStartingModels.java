package org.rlanything.coding.neural;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.neural.checkpoint.ModelPairFolder;
import org.rlanything.neural.provider.GenericStartingModels;
import org.rlanything.neural.provider.GenericWarmStart;

/**
 * The stack language's starting-models folder: the policy and the test writer made by the warm
 * start with {@link MiniLessons}, in {@code policy/} and {@code reward_model/} (the neural
 * checkpoint format, with what was measured while making them). {@link #ensure} makes them once,
 * through a temporary sibling renamed into place, and every later run that names the folder reuses
 * them.
 */
public final class MiniStartingModels {

    /** The policy's subfolder. */
    public static final String POLICY = ModelPairFolder.POLICY;

    /** The test writer's subfolder. */
    public static final String TEST_WRITER = ModelPairFolder.REWARD_MODEL;

    private MiniStartingModels() {}

    /**
     * Makes the starting models of {@code warmStart} in {@code folder} unless they are there
     * already; returns the folder.
     */
    public static Path ensure(Path folder, GenericWarmStart warmStart, Consumer<String> log)
            throws IOException {
        if (ModelPairFolder.holdsBoth(folder)) {
            return folder;
        }
        ModelPairFolder.make(
                folder,
                "coding-mini starting models",
                warmStart.seed(),
                log,
                temp -> {
                    try (GenericStartingModels models =
                            warmStart.run(new MiniLessons(warmStart), log)) {
                        models.saveModels(temp, Map.of("seed", warmStart.seed()));
                    }
                });
        return folder;
    }
}
