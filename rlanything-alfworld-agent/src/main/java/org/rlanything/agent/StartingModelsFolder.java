package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.neural.checkpoint.ModelPairFolder;

/**
 * The neural backend's starting models (the paper starts from pretrained instruct models): a folder
 * with {@code policy/} and {@code reward_model/}, made from a seed by behaviour cloning on planner
 * trajectories and a warm start of the judge ({@link Pretrainer}). Made once, into a temporary
 * sibling folder that is renamed into place, then reused by every run and ablation arm that names
 * it.
 */
public final class StartingModelsFolder {

    /**
     * The file beside {@code policy/} and {@code reward_model/} that names the prompt format the
     * models were trained to read.
     */
    public static final String FORMAT_FILE = "prompt_format.txt";

    private StartingModelsFolder() {}

    /** The file with the judge's place prior ({@link SearchingExpert.Prior#toJson}). */
    public static final String PRIOR_FILE = "place_prior.json";

    /**
     * Records the prompt format of the models in {@code dir} (its layout, and its place prior if it
     * has one), each file written atomically.
     */
    static void writeFormat(Path dir, AlfworldPromptFormat format) throws IOException {
        AtomicFiles.write(
                dir.resolve(FORMAT_FILE),
                (format.layout() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (format.placePrior() != null) {
            AtomicFiles.write(
                    dir.resolve(PRIOR_FILE),
                    format.placePrior().toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /**
     * The prompt format the starting models in {@code folder} read: {@code layout} with the place
     * prior stored beside them, if any.
     */
    public static AlfworldPromptFormat format(Path folder, AlfworldPromptFormat layout)
            throws IOException {
        Path file = folder.resolve(PRIOR_FILE);
        if (!Files.isRegularFile(file)) {
            return layout.withPlacePrior(null);
        }
        return layout.withPlacePrior(
                SearchingExpert.Prior.fromJson(
                        Files.readString(file, java.nio.charset.StandardCharsets.UTF_8),
                        file.toString()));
    }

    /**
     * Refuses starting models trained for another prompt format than {@code expected}: a judge
     * warm-started on one layout reads another as noise, so such a folder (for example one made by
     * an earlier version, before the judge's prompt summarised the episode) is named with the way
     * out instead of being used.
     */
    static void checkFormat(Path folder, AlfworldPromptFormat expected) throws IOException {
        Path file = folder.resolve(FORMAT_FILE);
        String found =
                Files.isRegularFile(file)
                        ? Files.readString(file, java.nio.charset.StandardCharsets.UTF_8).strip()
                        : null;
        if (!expected.layout().equals(found)) {
            throw new org.rlanything.core.BadInputException(
                    "The starting models in "
                            + folder
                            + (found == null
                                    ? " have no " + FORMAT_FILE + " (made by an earlier version)"
                                    : " were trained for another prompt format ("
                                            + file
                                            + ": "
                                            + found
                                            + ")")
                            + "; this version's models read "
                            + expected.layout()
                            + ". Remove the folder to make them again, or name another"
                            + " trainer.starting_models.");
        }
    }

    /**
     * Makes the starting models of {@code seed} in {@code folder} unless they are already there.
     */
    public static Path ensure(Path folder, long seed, AlfworldGames games, Consumer<String> log)
            throws IOException {
        PretrainSettings settings = PretrainSettings.defaults(seed);
        if (ModelPairFolder.holdsBoth(folder)) {
            checkFormat(folder, settings.format());
            return folder;
        }
        ModelPairFolder.make(
                folder,
                "starting models",
                seed,
                log,
                temp -> {
                    try (Pretrainer.StartingModels models = Pretrainer.run(settings, games, log)) {
                        models.save(temp, Map.of("seed", seed));
                    }
                });
        return folder;
    }
}
