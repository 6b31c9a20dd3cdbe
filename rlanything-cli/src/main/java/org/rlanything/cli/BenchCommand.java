package org.rlanything.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench}: performance measurements; each target is its own subcommand class (the
 * settings' own benchmarks, such as {@code bench model} and {@code bench env}, come from their
 * modules).
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Performance measurements.",
        subcommands = {
            BenchLoopCommand.class,
            BenchClusterCommand.class,
            BenchAblationCommand.class,
            BenchReviewCommand.class
        })
public final class BenchCommand implements Runnable {

    @Spec private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
