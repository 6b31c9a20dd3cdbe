package org.rlanything.agent;

import static org.rlanything.core.config.Advanced.Kind.EXPERIMENT_SWITCH;

import org.rlanything.alfworld.rewrite.RewriteOperators;
import org.rlanything.core.config.Advanced;
import org.rlanything.core.config.Check;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * {@code environment.kind: alfworld}: generated ALFWorld training games in the layout rooms,
 * evaluated on held-out generated games (in-domain) and on the shared real games (out-of-domain,
 * never trained on). The defaults here are the embedded default chosen on generated games.
 *
 * @param poolSize slots of the task pool (generated training games)
 * @param poolOffset index of the pool's first game in the seed's stream of generated games
 * @param maxSteps H, the training step limit
 * @param evalGeneratedGames held-out generated games per evaluation
 * @param evalRealGames whether the real games are evaluated
 * @param evalRollouts rollouts per evaluated game
 * @param evalMaxSteps the evaluation step limit
 * @param evalTemperature the policy's temperature in evaluation
 * @param evalVerdicts verdicts per step for the reward-model metrics (0: none)
 * @param rewriteOperators {@code type_swap} (default: the reference's rewrite, two type tokens of
 *     the slot's original goal) or {@code all} (also this project's scene operators, applied to the
 *     active game)
 */
public record AlfworldEnvironmentConfig(
        Integer poolSize,
        @Advanced(EXPERIMENT_SWITCH) Integer poolOffset,
        Integer maxSteps,
        Integer evalGeneratedGames,
        Boolean evalRealGames,
        Integer evalRollouts,
        Integer evalMaxSteps,
        Double evalTemperature,
        Integer evalVerdicts,
        @Advanced(EXPERIMENT_SWITCH) String rewriteOperators)
        implements EnvironmentConfig {

    /** The {@code algorithm} defaults of this kind: K = 8 games per iteration, N = 6 rollouts. */
    public static final AlgorithmConfig ALGORITHM =
            AlgorithmConfig.builder().tasksPerIteration(8).rolloutsPerTask(6).build();

    /** Every key at its default. */
    public static final AlfworldEnvironmentConfig DEFAULTS =
            new AlfworldEnvironmentConfig(
                    null, null, null, null, null, null, null, null, null, null);

    public AlfworldEnvironmentConfig {
        poolSize = Check.between("pool_size", poolSize, 512, 1, 10_000);
        poolOffset = Check.atLeast("pool_offset", poolOffset, 1000, 0);
        maxSteps = Check.between("max_steps", maxSteps, 30, 1, 200);
        evalGeneratedGames =
                Check.between("eval_generated_games", evalGeneratedGames, 96, 0, 10_000);
        evalRealGames = evalRealGames == null ? true : evalRealGames;
        evalRollouts = Check.between("eval_rollouts", evalRollouts, 2, 1, 1024);
        evalMaxSteps = Check.between("eval_max_steps", evalMaxSteps, 50, 1, 200);
        evalTemperature = Check.between("eval_temperature", evalTemperature, 1.0, 0.0, 10.0);
        evalVerdicts = Check.between("eval_verdicts", evalVerdicts, 1, 0, 16);
        rewriteOperators =
                rewriteOperators == null
                        ? RewriteOperators.TYPE_SWAP.key()
                        : RewriteOperators.ofKey(rewriteOperators).key();
    }

    /** The parsed {@code rewrite_operators}. */
    public RewriteOperators operators() {
        return RewriteOperators.ofKey(rewriteOperators);
    }
}
