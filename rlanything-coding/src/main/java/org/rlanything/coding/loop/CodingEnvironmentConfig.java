package org.rlanything.coding.loop;

import org.rlanything.core.config.Check;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * The {@code environment} section of {@code kind: coding}.
 *
 * @param poolSize how many problems of the file form the pool (the first ones with stdin/stdout
 *     tests), default 64
 * @param maxSteps steps per episode; a program is one step, so 1
 * @param data the JSON-lines problem file (any shape {@link org.rlanything.coding.ProblemLoader}
 *     reads; only stdin/stdout problems are used)
 * @param workers sandboxed runs in parallel, default 2
 * @param ids the problems to use, by id, comma-separated (each must be a stdin/stdout problem of
 *     the file); empty: the first {@code pool_size} stdin/stdout problems
 * @param maxTests at most this many ground-truth tests per problem, the first ones (0: all), to
 *     keep smoke runs short
 */
public record CodingEnvironmentConfig(
        Integer poolSize,
        Integer maxSteps,
        String data,
        Integer workers,
        String ids,
        Integer maxTests)
        implements EnvironmentConfig {

    /**
     * The {@code algorithm} defaults of this kind: K = 8 problems per iteration, N = 8 programs per
     * problem, m = 8 unit tests written per problem, k = 2 rewrites per triggered problem.
     */
    public static final AlgorithmConfig ALGORITHM = loopSizes().rewriterSamples(2).build();

    /**
     * The coding settings' loop sizes, K = N = m = 8: 8 problems per iteration, 8 programs per
     * problem, 8 unit tests written per problem (the coding-mini kind shares them).
     */
    public static AlgorithmConfig.Builder loopSizes() {
        return AlgorithmConfig.builder().tasksPerIteration(8).rolloutsPerTask(8).verdictsPerStep(8);
    }

    public static final CodingEnvironmentConfig DEFAULTS =
            new CodingEnvironmentConfig(null, null, null, null, null, null);

    public CodingEnvironmentConfig {
        poolSize = Check.between("pool_size", poolSize, 64, 1, Check.MAX_POOL);
        maxSteps = Check.between("max_steps", maxSteps, 1, 1, 1);
        workers = Check.between("workers", workers, 2, 1, 256);
        ids = ids == null ? "" : ids.strip();
        maxTests = Check.between("max_tests", maxTests, 0, 0, 1_000_000);
    }

    /** The ids of {@link #ids()}, in order; empty when none are named. */
    public java.util.List<String> idList() {
        return ids.isEmpty()
                ? java.util.List.of()
                : java.util.Arrays.stream(ids.split(",")).map(String::strip).toList();
    }
}
