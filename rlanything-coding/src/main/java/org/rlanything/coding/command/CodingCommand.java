package org.rlanything.coding.command;

import org.rlanything.core.spi.CommandProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code rlanything coding}: the coding setting's data files and sandbox. */
@Command(
        name = "coding",
        mixinStandardHelpOptions = true,
        description =
                "Coding problems: run every reference solution in the sandbox (check), or list the"
                        + " problems of a data file (inspect); generated problems of the miniature stack language (mini).",
        subcommands = {CheckCommand.class, InspectProblemsCommand.class, MiniCommand.class})
public final class CodingCommand implements CommandProvider, Runnable {

    @Spec private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
