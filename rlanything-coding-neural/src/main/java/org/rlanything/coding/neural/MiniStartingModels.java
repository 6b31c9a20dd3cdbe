package org.rlanything.coding.neural;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.checkpoint.ModelPairFolder;

/**
 * The stack language's two starting models, the policy and the test writer, with what was measured
 * while making them ({@link MiniWarmStart}). {@link #ensure} makes them once into a folder ({@code
 * policy/} and {@code reward_model/} in the neural checkpoint format), through a temporary sibling
 * renamed into place, and every later run that names the folder reuses them. Owns its models.
 *
 * @param policy the warm-started policy
 * @param testWriter the warm-started test writer (the run's reward model)
 * @param metrics the warm start's losses and time
 */
public record MiniStartingModels(
        NeuralModel policy, NeuralModel testWriter, Map<String, Double> metrics)
        implements AutoCloseable {

    /** The policy's subfolder. */
    public static final String POLICY = ModelPairFolder.POLICY;

    /** The test writer's subfolder. */
    public static final String TEST_WRITER = ModelPairFolder.REWARD_MODEL;

    /** Writes {@code dir/policy/} and {@code dir/reward_model/}. */
    public void save(Path dir, Map<String, Object> provenance) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> extras = new LinkedHashMap<>(provenance);
        extras.put("pretrain_metrics", metrics);
        extras.put("role", "policy");
        policy.save(dir.resolve(POLICY), extras);
        extras.put("role", "reward_model");
        testWriter.save(dir.resolve(TEST_WRITER), extras);
    }

    /**
     * Makes the starting models of {@code warmStart} in {@code folder} unless they are there
     * already; returns the folder.
     */
    public static Path ensure(Path folder, MiniWarmStart warmStart, Consumer<String> log)
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
                    try (MiniStartingModels models = warmStart.run(log)) {
                        models.save(temp, Map.of("seed", warmStart.seed()));
                    }
                });
        return folder;
    }

    @Override
    public void close() {
        policy.close();
        testWriter.close();
    }
}
