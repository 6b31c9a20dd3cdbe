package org.rlanything.coding.embedded;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.EnvironmentConfig;

/**
 * The {@code environment} section of {@code kind: coding-mini} (the stack language).
 *
 * @param poolSize how many in-domain problems the pool holds (generated from the run seed), default
 *     32
 * @param maxSteps steps per episode; a program is one step, so 1
 * @param tests ground-truth tests per problem, default 6
 * @param evalProblems problems per held-out set ({@link MiniEvaluation}), default 48
 * @param evalRollouts programs the policy writes per held-out problem, default 4
 * @param evalTests tests the test writer writes per held-out problem, default 4
 */
public record MiniEnvironmentConfig(
        Integer poolSize,
        Integer maxSteps,
        Integer tests,
        Integer evalProblems,
        Integer evalRollouts,
        Integer evalTests)
        implements EnvironmentConfig {

    public static final MiniEnvironmentConfig DEFAULTS =
            new MiniEnvironmentConfig(null, null, null, null, null, null);

    public MiniEnvironmentConfig {
        poolSize = Check.between("pool_size", poolSize, 32, 1, Check.MAX_POOL);
        maxSteps = Check.between("max_steps", maxSteps, 1, 1, 1);
        tests = Check.between("tests", tests, 6, 1, 100);
        evalProblems = Check.between("eval_problems", evalProblems, 48, 1, 10_000);
        evalRollouts = Check.between("eval_rollouts", evalRollouts, 4, 1, 64);
        evalTests = Check.between("eval_tests", evalTests, 4, 1, 64);
    }
}
