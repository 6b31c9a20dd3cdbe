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

    private StartingModelsFolder() {}

    /**
     * Makes the starting models of {@code seed} in {@code folder} unless they are already there.
     */
    public static Path ensure(Path folder, long seed, AlfworldGames games, Consumer<String> log)
            throws IOException {
        if (Files.isDirectory(folder.resolve("policy"))
                && Files.isDirectory(folder.resolve("reward_model"))) {
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
        try (Pretrainer.StartingModels models =
                Pretrainer.run(PretrainSettings.defaults(seed), games, log)) {
            models.save(temp, Map.of("seed", seed));
        }
        AtomicFiles.move(temp, folder);
        return folder;
    }
}
