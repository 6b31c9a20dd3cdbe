package org.rlanything.cli.options;

import picocli.CommandLine.Option;

/**
 * {@code -q/--quiet}, shared by the commands that report progress: no progress output, only the
 * summary.
 */
public final class QuietOption {

    @Option(
            names = {"-q", "--quiet"},
            description = "No progress output; print only the final summary.")
    private boolean quiet;

    public boolean quiet() {
        return quiet;
    }
}
