package org.rlanything.neural.provider;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.neural.DescribedPromptFormat;
import org.rlanything.neural.GenericPromptFormat;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.checkpoint.ModelPairFolder;

/**
 * The generic starting models of an environment, the policy and the judge, with what was measured
 * while making them ({@link GenericWarmStart}). {@link #ensure} makes them once into a folder
 * ({@code policy/}, {@code reward_model/} in the neural checkpoint format and {@value #ORIGIN}
 * saying which environment they were made for) through a temporary sibling renamed into place;
 * every later run that names the folder reuses them, and one of another environment is refused.
 * Runs of one process that name the same folder make it once (the others wait); separate processes
 * should not make the same folder at once. Owns its models.
 *
 * @param policy the warm-started policy
 * @param judge the warm-started judge
 * @param metrics the warm start's counts, losses and time
 */
public record GenericStartingModels(
        NeuralModel policy, NeuralModel judge, Map<String, Double> metrics)
        implements AutoCloseable {

    private static final Map<Path, Object> LOCKS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The file naming the environment the models were made for. */
    public static final String ORIGIN = "generic-origin.json";

    /** The generic prompt's history: one earlier step (an environment shows its state). */
    public static final int HISTORY_STEPS = 1;

    /** Writes {@code dir/policy/}, {@code dir/reward_model/} and {@code dir/}{@value #ORIGIN}. */
    public void save(Path dir, Map<String, Object> origin) throws IOException {
        saveModels(dir, origin);
        new ObjectMapper()
                .writerWithDefaultPrettyPrinter()
                .writeValue(dir.resolve(ORIGIN).toFile(), origin);
    }

    /**
     * Writes {@code dir/policy/} and {@code dir/reward_model/}, each with {@code provenance}, the
     * warm start's metrics and its role.
     */
    public void saveModels(Path dir, Map<String, Object> provenance) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> extras = new LinkedHashMap<>(provenance);
        extras.put("pretrain_metrics", metrics);
        extras.put("role", "policy");
        policy.save(dir.resolve(ModelPairFolder.POLICY), extras);
        extras.put("role", "reward_model");
        judge.save(dir.resolve(ModelPairFolder.REWARD_MODEL), extras);
    }

    /**
     * Makes the starting models of {@code warmStart} for {@code environment} in {@code folder}
     * unless they are there already (then checks that they were made for an environment of the same
     * kind and description); returns the folder.
     */
    public static Path ensure(
            Path folder,
            GenericWarmStart warmStart,
            EnvironmentParts environment,
            Consumer<String> log)
            throws IOException {
        PromptFormat format = format(environment.hooks());
        String description =
                environment.hooks() instanceof EnvironmentDescription d ? d.description() : "";
        Map<String, Object> origin = new LinkedHashMap<>();
        origin.put("environment_kind", environment.kind());
        origin.put("environment_description", description);
        // runs of one process (the ablation's parallel arms) make a folder once: the second waits
        synchronized (
                LOCKS.computeIfAbsent(folder.toAbsolutePath().normalize(), f -> new Object())) {
            if (ModelPairFolder.holdsBoth(folder)) {
                checkOrigin(folder, origin);
                return folder;
            }
            make(folder, warmStart, environment, format, origin, log);
        }
        return folder;
    }

    private static void make(
            Path folder,
            GenericWarmStart warmStart,
            EnvironmentParts environment,
            PromptFormat format,
            Map<String, Object> origin,
            Consumer<String> log)
            throws IOException {
        ModelPairFolder.make(
                folder,
                environment.kind() + " generic starting models",
                warmStart.seed(),
                log,
                temp -> {
                    Map<String, Object> made = new LinkedHashMap<>(origin);
                    made.put("seed", warmStart.seed());
                    made.put("recipe", warmStart.toString());
                    try (GenericStartingModels models = warmStart.run(environment, format, log)) {
                        models.save(temp, made);
                    }
                });
    }

    /**
     * The prompt format the generic models read: the policy's {@link GenericPromptFormat} with
     * {@value #HISTORY_STEPS} earlier step, the judge's with none (the step, the state before and
     * after it fill its window), opening with what {@code hooks} describe.
     */
    public static DescribedPromptFormat format(ModelHooks hooks) {
        return DescribedPromptFormat.of(
                new GenericPromptFormat(HISTORY_STEPS, true),
                new GenericPromptFormat(0, false),
                hooks);
    }

    /** Refuses a folder made for another environment (an ALFWorld or coding folder too). */
    private static void checkOrigin(Path folder, Map<String, Object> origin) throws IOException {
        Path file = folder.resolve(ORIGIN);
        if (!Files.isRegularFile(file)) {
            throw new org.rlanything.core.BadInputException(
                    "trainer.starting_models: "
                            + folder
                            + " holds models not made by the generic warm start (no "
                            + ORIGIN
                            + "); name another folder for environment.kind "
                            + origin.get("environment_kind")
                            + ".");
        }
        Map<?, ?> found = new ObjectMapper().readValue(file.toFile(), Map.class);
        for (Map.Entry<String, Object> e : origin.entrySet()) {
            if (!Objects.equals(found.get(e.getKey()), e.getValue())) {
                throw new org.rlanything.core.BadInputException(
                        "trainer.starting_models: "
                                + folder
                                + " was made for "
                                + e.getKey()
                                + " \""
                                + found.get(e.getKey())
                                + "\", not \""
                                + e.getValue()
                                + "\"; name another folder (or remove it to make it again).");
            }
        }
    }

    @Override
    public void close() {
        policy.close();
        judge.close();
    }
}
