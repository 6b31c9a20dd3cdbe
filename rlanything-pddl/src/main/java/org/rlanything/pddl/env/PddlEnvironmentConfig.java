package org.rlanything.pddl.env;

import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * {@code environment.kind: pddl}: the problems of a PDDL domain as tasks.
 *
 * @param domain the domain file (default: the {@code domain.pddl} or {@code NAME-domain.pddl}
 *     beside the first training problem)
 * @param problems the training problems: a folder or a glob on file names (default: the domain's
 *     folder); the held-out ones are left out
 * @param heldOut the held-out problems (a folder or a glob), never trained on, evaluated every E
 *     iterations (default: none)
 * @param poolSize slots of the task pool: the smallest training problems; where there are fewer,
 *     generated problems fill the pool (a training problem started a few random steps away)
 * @param generateWalk the most random steps of a generated problem's start
 * @param maxSteps H, the step limit of an episode (also a verified task's longest plan)
 * @param evalRollouts rollouts per held-out problem
 * @param evalVerdicts judge verdicts per held-out step (0: no judge metrics)
 * @param labelSteps whether the planner labels each step (GOOD when it shortens the remaining
 *     plan), which the {@code label} judge and the judge metrics need
 * @param plannerNodes the planner's A* bound (evaluated states) before it falls back to greedy
 *     search
 * @param greedyNodes the greedy search's bound (evaluated states)
 * @param exactStates a task with at most this many reachable states gets exact step labels from its
 *     whole state space, explored once (0: never; larger tasks: a search per step)
 */
public record PddlEnvironmentConfig(
        String domain,
        String problems,
        String heldOut,
        Integer poolSize,
        Integer generateWalk,
        Integer maxSteps,
        Integer evalRollouts,
        Integer evalVerdicts,
        Boolean labelSteps,
        Integer plannerNodes,
        Integer greedyNodes,
        Integer exactStates)
        implements EnvironmentConfig {

    /**
     * The {@code algorithm} defaults of this kind: K = 8 problems per iteration, N = 6 rollouts.
     */
    public static final AlgorithmConfig ALGORITHM =
            AlgorithmConfig.builder().tasksPerIteration(8).rolloutsPerTask(6).build();

    /** Every key at its default. */
    public static final PddlEnvironmentConfig DEFAULTS =
            new PddlEnvironmentConfig(
                    null, null, null, null, null, null, null, null, null, null, null, null);

    /** A section naming its files and pool size, every other key at its default. */
    public PddlEnvironmentConfig(String domain, String problems, String heldOut, Integer poolSize) {
        this(domain, problems, heldOut, poolSize, null, null, null, null, null, null, null, null);
    }

    public PddlEnvironmentConfig {
        if (domain != null && domain.isBlank()) {
            throw new InvalidValueException("domain", "expected a file name.");
        }
        if (problems != null && problems.isBlank()) {
            throw new InvalidValueException("problems", "expected a folder or a glob.");
        }
        if (heldOut != null && heldOut.isBlank()) {
            throw new InvalidValueException("held_out", "expected a folder or a glob.");
        }
        poolSize = Check.between("pool_size", poolSize, 16, 1, 10_000);
        generateWalk = Check.between("generate_walk", generateWalk, 6, 1, 1000);
        maxSteps = Check.between("max_steps", maxSteps, 30, 1, 1000);
        evalRollouts = Check.between("eval_rollouts", evalRollouts, 2, 1, 1024);
        evalVerdicts = Check.between("eval_verdicts", evalVerdicts, 1, 0, 16);
        labelSteps = labelSteps == null ? Boolean.TRUE : labelSteps;
        plannerNodes = Check.between("planner_nodes", plannerNodes, 20_000, 1, 100_000_000);
        greedyNodes = Check.between("greedy_nodes", greedyNodes, 200_000, 1, 100_000_000);
        exactStates =
                Check.between(
                        "exact_states",
                        exactStates,
                        PddlEnvironment.DEFAULT_EXACT_STATES,
                        0,
                        10_000_000);
    }
}
