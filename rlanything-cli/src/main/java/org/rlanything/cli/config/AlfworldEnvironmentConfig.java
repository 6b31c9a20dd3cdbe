package org.rlanything.cli.config;

import org.rlanything.agent.AgentSettings;
import org.rlanything.alfworld.rewrite.RewriteOperators;

/**
 * {@code environment.kind: alfworld}: generated ALFWorld training games in the layout rooms, evaluated on
 * held-out generated games (in-domain) and on the shared real games (out-of-domain, never trained on).
 * Defaults are those of {@link AgentSettings}, the embedded default chosen on generated games.
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
 * @param rewriteOperators {@code type_swap} (default: the reference's rewrite, two type tokens of the slot's
 *     original goal) or {@code all} (also this project's scene operators, applied to the active game)
 */
public record AlfworldEnvironmentConfig(Integer poolSize, Integer poolOffset, Integer maxSteps,
                                        Integer evalGeneratedGames, Boolean evalRealGames, Integer evalRollouts,
                                        Integer evalMaxSteps, Double evalTemperature, Integer evalVerdicts,
                                        String rewriteOperators)
        implements EnvironmentConfig {

    private static final AgentSettings DEFAULTS = AgentSettings.builder().build();

    public AlfworldEnvironmentConfig {
        poolSize = Check.between("pool_size", poolSize, DEFAULTS.poolSize(), 1, 10_000);
        poolOffset = Check.atLeast("pool_offset", poolOffset, DEFAULTS.poolOffset(), 0);
        maxSteps = Check.between("max_steps", maxSteps, DEFAULTS.maxSteps(), 1, 200);
        evalGeneratedGames = Check.between("eval_generated_games", evalGeneratedGames, DEFAULTS.evalGeneratedGames(), 0,
                10_000);
        evalRealGames = evalRealGames == null ? DEFAULTS.evalRealGames() : evalRealGames;
        evalRollouts = Check.between("eval_rollouts", evalRollouts, DEFAULTS.evalRollouts(), 1, 1024);
        evalMaxSteps = Check.between("eval_max_steps", evalMaxSteps, DEFAULTS.evalMaxSteps(), 1, 200);
        evalTemperature = Check.between("eval_temperature", evalTemperature, DEFAULTS.evalTemperature(), 0.0, 10.0);
        evalVerdicts = Check.between("eval_verdicts", evalVerdicts, DEFAULTS.evalVerdicts(), 0, 16);
        rewriteOperators = rewriteOperators == null ? DEFAULTS.rewriteOperators().key()
                : RewriteOperators.ofKey(rewriteOperators).key();
    }

    /** The parsed {@code rewrite_operators}. */
    public RewriteOperators operators() {
        return RewriteOperators.ofKey(rewriteOperators);
    }
}
