package org.rlanything.alfworld.command;

import java.util.concurrent.Callable;
import org.rlanything.alfworld.AlfworldGame;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rlanything alfworld inspect GAME}: the first observation as the real engine prints it. */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description =
                "Prints the game's first observation without the TextWorld banner: the room, then the task.")
final class InspectGameCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Mixin private GameOptions options;

    @Option(
            names = "--banner",
            description = "Keep the '-= Welcome to TextWorld, ALFRED! =-' banner.")
    private boolean banner;

    @Option(
            names = "--admissible",
            description = "Also list the admissible commands of the first state.")
    private boolean admissible;

    @Override
    public Integer call() {
        AlfworldGame game = options.load();
        var out = spec.commandLine().getOut();
        out.println(banner ? game.initialObservation() : game.initialObservationWithoutBanner());
        if (admissible) {
            out.println();
            for (String command : game.admissible(game.newState())) {
                out.println(command);
            }
        }
        out.flush();
        return 0;
    }
}
