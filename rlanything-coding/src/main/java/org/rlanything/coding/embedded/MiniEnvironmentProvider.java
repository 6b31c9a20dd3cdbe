package org.rlanything.coding.embedded;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.coding.loop.MiniEnvironment;
import org.rlanything.coding.loop.MiniFeedback;
import org.rlanything.coding.loop.MiniTask;
import org.rlanything.coding.loop.MiniTaskCodec;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.core.Seeds;
import org.rlanything.core.Task;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.RunContext;

/**
 * {@code environment.kind: coding-mini}: the stack language in the loop. The pool is generated from
 * the run seed (in-domain families), programs and written tests run in the interpreter, the rewards
 * are {@link org.rlanything.coding.loop.UnitTestFeedback}'s, the rewriter is the rule-based {@link
 * MiniRewriter}, and the evaluation is {@link MiniEvaluation}'s three held-out sets. The model
 * kinds' hooks come from the bridge modules: the embedded models for {@code policy.kind: neural}
 * and {@code reward_model.kind: neural}, made into {@code trainer.starting_models}
 * (rlanything-coding-neural), and the stack-language endpoint roles for the {@code openai} kinds
 * (rlanything-coding-openai).
 */
public final class MiniEnvironmentProvider implements EnvironmentProvider<MiniEnvironmentConfig> {

    public static final String KIND = "coding-mini";

    private static final long POOL = Seeds.purpose("coding-mini-pool");

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<MiniEnvironmentConfig> configType() {
        return MiniEnvironmentConfig.class;
    }

    @Override
    public MiniEnvironmentConfig defaults() {
        return MiniEnvironmentConfig.DEFAULTS;
    }

    @Override
    public AlgorithmConfig algorithmDefaults() {
        return MiniEnvironmentConfig.ALGORITHM;
    }

    /** The task pool's problems of a run with {@code seed}: in-domain, generated from the seed. */
    public static List<MiniProblem> pool(MiniEnvironmentConfig config, long seed) {
        return new MiniProblemGenerator(config.tests())
                .generate(true, config.poolSize(), Seeds.derive(seed, POOL));
    }

    @Override
    public EnvironmentParts create(MiniEnvironmentConfig config, RunContext context) {
        List<Task> tasks = new ArrayList<>();
        for (MiniProblem problem : pool(config, context.seed())) {
            tasks.add(new MiniTask(problem));
        }
        MiniEnvironment environment = new MiniEnvironment();
        MiniRewriter rewriter = new MiniRewriter();
        return new EnvironmentParts(
                KIND,
                KIND,
                environment,
                tasks,
                new MiniTaskCodec(),
                rewriter,
                new MiniEvaluation(
                        KIND, config.evalProblems(), config.evalRollouts(), config.evalTests()),
                null,
                new MiniFeedback(environment.tester()),
                ModelHooks.NONE);
    }
}
