package org.rlanything.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code rlanything bench}: performance measurements; each target is its own subcommand class. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Performance measurements.",
        subcommands = {
            BenchEnvCommand.class,
            BenchModelCommand.class,
            BenchLoraCommand.class,
            BenchLoopCommand.class,
            BenchClusterCommand.class,
            BenchAblationCommand.class,
            BenchJudgeCommand.class,
            BenchGuiCommand.class
        })
public final class BenchCommand implements Runnable {

    @Spec private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
