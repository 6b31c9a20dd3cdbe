package org.rlanything.alfworld.command;

import org.rlanything.core.spi.CommandProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything alfworld}: look at, solve and play ALFWorld text games; generate training
 * games; check the rewriter.
 */
@Command(
        name = "alfworld",
        mixinStandardHelpOptions = true,
        description =
                "ALFWorld text games: inspect a game, solve it with the planner, or play it at the prompt;"
                        + " generate training games; check the rewriter.",
        subcommands = {
            InspectGameCommand.class,
            SolveCommand.class,
            PlayCommand.class,
            GenerateCommand.class,
            RewriteBenchCommand.class
        })
public final class AlfworldCommand implements CommandProvider, Runnable {

    @Spec private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
