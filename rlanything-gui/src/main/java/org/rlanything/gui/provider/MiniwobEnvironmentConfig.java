package org.rlanything.gui.provider;

import java.util.List;
import org.rlanything.core.config.Check;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * {@code environment.kind: miniwob}: MiniWoB++ task families in headless Chromium, trained on one
 * set of families and evaluated on families never trained on.
 *
 * @param pages the folder of task pages (default: {@code shared/data/miniwob/html/miniwob} found
 *     above the working directory)
 * @param train the families trained on (default: every family of the folder not in {@code eval})
 * @param eval the held-out families (default: none)
 * @param poolSize slots of the task pool: the first {@code pool_size} training families (default
 *     and at most: all of them)
 * @param maxSteps H, the step limit (method.md §7: 30)
 * @param browsers headless browsers serving the episodes' tabs
 * @param evalEpisodes episodes per held-out family per evaluation
 * @param evalTrain whether the training families are evaluated too (default false: slow)
 */
public record MiniwobEnvironmentConfig(
        String pages,
        List<String> train,
        List<String> eval,
        Integer poolSize,
        Integer maxSteps,
        Integer browsers,
        Integer evalEpisodes,
        Boolean evalTrain)
        implements EnvironmentConfig {

    /**
     * The {@code algorithm} defaults of this kind (method.md §7, GUI): K = 12 tasks per iteration,
     * N = 8 rollouts per task, k = 3 rewriter samples.
     */
    public static final AlgorithmConfig ALGORITHM =
            AlgorithmConfig.builder()
                    .tasksPerIteration(12)
                    .rolloutsPerTask(8)
                    .rewriterSamples(3)
                    .build();

    /** Every key at its default. */
    public static final MiniwobEnvironmentConfig DEFAULTS =
            new MiniwobEnvironmentConfig(null, null, null, null, null, null, null, null);

    public MiniwobEnvironmentConfig {
        train = train == null ? List.of() : List.copyOf(train);
        eval = eval == null ? List.of() : List.copyOf(eval);
        for (String family : train) {
            if (eval.contains(family)) {
                throw new org.rlanything.core.BadInputException(
                        "environment.eval: "
                                + family
                                + " is also in environment.train; held-out"
                                + " families must not be trained on.");
            }
        }
        poolSize = Check.between("pool_size", poolSize, Check.MAX_POOL, 1, Check.MAX_POOL);
        maxSteps = Check.between("max_steps", maxSteps, 30, 1, 200);
        browsers = Check.between("browsers", browsers, 2, 1, 64);
        evalEpisodes = Check.between("eval_episodes", evalEpisodes, 3, 1, 1000);
        evalTrain = evalTrain != null && evalTrain;
    }
}
