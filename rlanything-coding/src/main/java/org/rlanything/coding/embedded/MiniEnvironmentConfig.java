package org.rlanything.coding.embedded;

import java.util.List;
import org.rlanything.coding.loop.CodingEnvironmentConfig;
import org.rlanything.core.config.Check;
import org.rlanything.core.loop.AlgorithmConfig;
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

    /**
     * The {@code algorithm} defaults of this kind: the loop sizes (K = N = m = 8), and the coding
     * setting's bands of method.md: the policy learns from tasks with {@code 0.2 <= acc <= 0.8}
     * (§2, the coding band of [R]), and the test writer from every task, as [R] has no band for it
     * in coding (§7; {@link org.rlanything.coding.UnitTestReward} itself skips tasks with no
     * correct program). The loop's general reward-model band of 0.2–0.8 stopped the test writer's
     * training once the policy solved most pool problems (measured: its samples fell to about 0 per
     * iteration after ~130 of 200 iterations).
     */
    public static final AlgorithmConfig ALGORITHM =
            CodingEnvironmentConfig.loopSizes()
                    .policyBand(List.of(0.2, 0.8))
                    .rewardModelBand(List.of(0.0, 1.0))
                    .build();

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
