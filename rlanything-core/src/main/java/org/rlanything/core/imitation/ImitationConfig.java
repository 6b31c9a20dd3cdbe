package org.rlanything.core.imitation;

import org.rlanything.core.config.Check;

/**
 * The {@code imitation} mapping of a policy section whose kind imitates an environment's solver
 * before RL ({@link Imitation}); every key left out keeps its default.
 *
 * @param tasks pool tasks played by the demonstrator and the clone (default 24)
 * @param episodes episodes per task and round (default 2)
 * @param explore the probability of a drawn command in the demonstrator's episodes (default 0.25)
 * @param rounds the most DAgger rounds after cloning; they stop when the clone's validation success
 *     stops rising (default 4; 0: cloning alone)
 * @param validationTasks pool tasks outside the sample the clone is measured on after each round
 *     (default 16)
 * @param validationEpisodes episodes per validation task (default 2)
 * @param maxSteps the step limit of every episode played (default 0: the environment's {@code
 *     max_steps})
 */
public record ImitationConfig(
        Integer tasks,
        Integer episodes,
        Double explore,
        Integer rounds,
        Integer validationTasks,
        Integer validationEpisodes,
        Integer maxSteps) {

    /** Every key at its default. */
    public static final ImitationConfig DEFAULTS =
            new ImitationConfig(null, null, null, null, null, null, null);

    public ImitationConfig {
        tasks = Check.between("tasks", tasks, 24, 1, Check.MAX_POOL);
        episodes = Check.between("episodes", episodes, 2, 1, 1000);
        explore = Check.between("explore", explore, 0.25, 0.0, 1.0);
        rounds = Check.between("rounds", rounds, 4, 0, 100);
        validationTasks = Check.between("validation_tasks", validationTasks, 16, 1, Check.MAX_POOL);
        validationEpisodes = Check.between("validation_episodes", validationEpisodes, 2, 1, 1000);
        maxSteps = Check.between("max_steps", maxSteps, 0, 0, 100_000);
    }

    /** The imitation's settings for an environment whose step limit is {@code environmentSteps}. */
    public Imitation.Settings settings(int environmentSteps) {
        int steps = maxSteps > 0 ? maxSteps : environmentSteps;
        if (steps < 1) {
            throw new IllegalArgumentException(
                    "imitation.max_steps: the environment's step limit is unknown here; set it.");
        }
        return new Imitation.Settings(
                tasks, episodes, explore, rounds, validationTasks, validationEpisodes, steps);
    }
}
