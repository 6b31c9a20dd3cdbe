package org.rlanything.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code rlanything bench}: speed measurements. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Speed measurements.",
        subcommands = {BenchEnvCommand.class})
public final class BenchCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
