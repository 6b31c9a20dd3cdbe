package org.rlanything.neural.checkpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.rlanything.core.io.AtomicFiles;

/**
 * A folder of starting models: a policy in {@code policy/} and a reward model in {@code
 * reward_model/}, made once (whole or not at all) and reused by every later run that names it.
 */
public final class ModelPairFolder {

    /** The policy's subfolder. */
    public static final String POLICY = "policy";

    /** The reward model's subfolder. */
    public static final String REWARD_MODEL = "reward_model";

    private ModelPairFolder() {}

    /** Whether {@code folder} holds both models' subfolders. */
    public static boolean holdsBoth(Path folder) {
        return Files.isDirectory(folder.resolve(POLICY))
                && Files.isDirectory(folder.resolve(REWARD_MODEL));
    }

    /**
     * Makes {@code folder} with {@code writer} through a temporary sibling ({@link
     * AtomicFiles#makeFolder}), saying so on {@code log} ("Making the {@code what} of seed S in
     * F"); refuses a folder that exists without both models rather than overwrite it.
     */
    public static void make(
            Path folder,
            String what,
            long seed,
            Consumer<String> log,
            AtomicFiles.FolderWriter writer)
            throws IOException {
        if (Files.exists(folder)) {
            throw new IOException(
                    "The starting-models folder "
                            + folder
                            + " exists but holds no policy/ and reward_model/; remove it or name"
                            + " another trainer.starting_models.");
        }
        log.accept(
                "Making the "
                        + what
                        + " of seed "
                        + seed
                        + " in "
                        + folder
                        + " (once; reused afterwards) ...");
        AtomicFiles.makeFolder(folder, writer);
    }
}
