package org.rlanything.cli.options;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.BadInputException;
import picocli.CommandLine.Option;

/**
 * {@code --first-seed}, shared by the benchmarks that run several seeds: the seeds are {@code
 * first, first + 1, ...}.
 */
public final class FirstSeedOption {

    @Option(
            names = "--first-seed",
            defaultValue = "1",
            description = "The first seed (default ${DEFAULT-VALUE}).")
    private long firstSeed;

    /** The {@code count} seeds from the first on; a count below 1 is refused naming --seeds. */
    public List<Long> seeds(int count) {
        if (count < 1) {
            throw new BadInputException("--seeds (" + count + ") must be >= 1.");
        }
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            seeds.add(firstSeed + i);
        }
        return seeds;
    }
}
