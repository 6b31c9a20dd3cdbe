package org.rlanything.alfworld.command;

import picocli.CommandLine.Option;

/**
 * {@code --seed}, shared by the commands that make something from a seed (default 10086, the
 * project's).
 */
public final class SeedOption {

    @Option(
            names = "--seed",
            defaultValue = "10086",
            description =
                    "Run seed; every random choice derives from it (default ${DEFAULT-VALUE}).")
    private long seed;

    public long seed() {
        return seed;
    }
}
