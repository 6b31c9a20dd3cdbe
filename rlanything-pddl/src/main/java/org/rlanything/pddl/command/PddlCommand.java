package org.rlanything.pddl.command;

import org.rlanything.core.spi.CommandProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code rlanything pddl}: look at PDDL problems as the environment shows them. */
@Command(
        name = "pddl",
        mixinStandardHelpOptions = true,
        description = "PDDL planning domains: inspect a problem as the pddl environment shows it.",
        subcommands = {InspectCommand.class})
public final class PddlCommand implements CommandProvider, Runnable {

    @Spec private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
