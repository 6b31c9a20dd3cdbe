package org.rlanything.alfworld.command;

import java.nio.file.Path;
import org.rlanything.alfworld.gen.AlfworldData;
import picocli.CommandLine.Option;

/** {@code --data}, shared by the commands that read the ALFWorld data folder. */
public final class DataOption {

    @Option(
            names = "--data",
            description =
                    "ALFWorld data folder (default: shared/data/alfworld found above the"
                            + " working directory, or RLANYTHING_ALFWORLD_DATA).")
    private Path data;

    /** The folder named, or the one {@link AlfworldData#locate()} finds. */
    public AlfworldData folder() {
        return data == null ? AlfworldData.locate() : AlfworldData.at(data);
    }
}
