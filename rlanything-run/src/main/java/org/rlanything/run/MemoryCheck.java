package org.rlanything.run;

import org.rlanything.core.spi.MemoryProfile;
import org.rlanything.run.config.ConfigException;
import org.rlanything.run.config.RunConfig;

/**
 * A rough upper estimate of the heap one iteration needs (the rollouts and judgments it holds, the
 * task pool and the rewriter's candidates), checked against the heap before a run starts, so that a
 * size that cannot fit is refused with the keys to lower instead of failing with an {@code
 * OutOfMemoryError} mid-way.
 */
public final class MemoryCheck {

    private MemoryCheck() {}

    /**
     * Bytes the iteration's rollouts, judgments and pool of {@code config} need, roughly and
     * generously.
     */
    public static long estimate(RunConfig config) {
        MemoryProfile profile = Backends.environmentProvider(config).memory();
        long step = profile.step();
        long judgment = profile.judgment();
        long task = profile.task();
        long models = profile.models();
        long steps =
                (long) config.algorithm().tasksPerIteration()
                        * config.algorithm().rolloutsPerTask()
                        * config.environment().maxSteps();
        long candidates =
                (long) config.algorithm().tasksPerIteration()
                        * config.algorithm().rewriterSamples();
        return models
                + steps * (step + judgment * config.algorithm().verdictsPerStep())
                + task * (config.environment().poolSize() + candidates);
    }

    /** Refuses a config whose estimate exceeds most of {@code heapBytes}. */
    public static void check(RunConfig config, long heapBytes) {
        long needed = estimate(config);
        if (needed > heapBytes / 10 * 8) {
            throw new ConfigException(
                    "The config needs about "
                            + mib(needed)
                            + " MiB of memory for one iteration"
                            + " (algorithm.tasks_per_iteration "
                            + config.algorithm().tasksPerIteration()
                            + " x algorithm.rollouts_per_task "
                            + config.algorithm().rolloutsPerTask()
                            + " x environment.max_steps "
                            + config.environment().maxSteps()
                            + " steps, each with algorithm.verdicts_per_step "
                            + config.algorithm().verdictsPerStep()
                            + " judgments; algorithm.rewriter_samples "
                            + config.algorithm().rewriterSamples()
                            + " candidates per task), more than the heap's "
                            + mib(heapBytes)
                            + " MiB: lower those sizes, or give"
                            + " more heap (RLANYTHING_JAVA_OPTS=-Xmx8g).");
        }
    }

    private static long mib(long bytes) {
        return bytes / (1024 * 1024);
    }
}
