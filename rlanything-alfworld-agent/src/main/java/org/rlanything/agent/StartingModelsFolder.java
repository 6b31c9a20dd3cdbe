package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.core.io.AtomicFiles;

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

    /** Records the prompt format of the models in {@code dir} (atomically). */
    static void writeFormat(Path dir, AlfworldPromptFormat format) throws IOException {
        AtomicFiles.write(
                dir.resolve(FORMAT_FILE),
                (format + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
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
        if (!expected.toString().equals(found)) {
            throw new IllegalArgumentException(
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
                            + expected
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
        if (Files.isDirectory(folder.resolve("policy"))
                && Files.isDirectory(folder.resolve("reward_model"))) {
            checkFormat(folder, settings.format());
            return folder;
        }
        if (Files.exists(folder)) {
            throw new IOException(
                    "The starting-models folder "
                            + folder
                            + " exists but holds no policy/ and"
                            + " reward_model/; remove it or name another trainer.starting_models.");
        }
        log.accept(
                "Making the starting models of seed "
                        + seed
                        + " in "
                        + folder
                        + " (once; reused afterwards) ...");
        Path parent = folder.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temp = parent.resolve("." + folder.getFileName() + ".tmp");
        AtomicFiles.deleteTree(temp);
        try (Pretrainer.StartingModels models = Pretrainer.run(settings, games, log)) {
            models.save(temp, Map.of("seed", seed));
        }
        AtomicFiles.move(temp, folder);
        return folder;
    }
}
