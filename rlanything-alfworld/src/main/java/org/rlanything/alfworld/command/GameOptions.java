package org.rlanything.alfworld.command;

import java.io.IOException;
import java.nio.file.Path;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.GameLoader;
import org.rlanything.alfworld.Logic213;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The game argument shared by the {@code alfworld} commands. */
final class GameOptions {

    @Parameters(
            index = "0",
            paramLabel = "GAME",
            description = "A game.tw-pddl file or the folder that holds it.")
    Path game;

    @Option(
            names = "--v213",
            description =
                    "Apply ALFWorld's 2.1.3 upgrade (move X to Y, help, arrival at the"
                            + " receptacle's name) before playing.")
    boolean v213;

    /**
     * Loads the game; a file that cannot be read becomes a usage error with the loader's message.
     */
    AlfworldGame load() {
        try {
            GameFile file = GameLoader.read(game);
            return AlfworldGame.compile(v213 ? Logic213.patch(file) : file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new org.rlanything.core.BadInputException(
                    e.getReason() != null ? e.getReason() : "No such file: " + game + ".");
        } catch (IOException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage());
        }
    }
}
