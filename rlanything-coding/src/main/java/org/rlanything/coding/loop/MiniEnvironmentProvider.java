package org.rlanything.coding.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.Seeds;
import org.rlanything.core.Task;
import org.rlanything.core.loop.TaskFeedback;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.openai.EndpointRoles;

/**
 * {@code environment.kind: coding-mini}: the stack language in the loop. The pool is generated from
 * the run seed (in-domain families), programs and written tests run in the interpreter, the rewards
 * are {@link UnitTestFeedback}'s, and the {@code openai} kinds serve the stack-language endpoint
 * roles. It also offers its {@link PromptFormat} ({@link MiniPrompts}) for text-generating
 * backends. No rewriter model exists for it yet: its rewriter declines every rewrite.
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
    public Map<String, Object> algorithmDefaults() {
        return Map.of(
                "tasks_per_iteration", 8,
                "rollouts_per_task", 8,
                "verdicts_per_step", 8);
    }

    @Override
    public EnvironmentParts create(MiniEnvironmentConfig config, RunContext context) {
        List<Task> tasks = new ArrayList<>();
        for (MiniProblem problem :
                new MiniProblemGenerator(config.tests())
                        .generate(true, config.poolSize(), Seeds.derive(context.seed(), POOL))) {
            tasks.add(new MiniTask(problem));
        }
        MiniEnvironment environment = new MiniEnvironment();
        return new EnvironmentParts(
                KIND,
                KIND,
                environment,
                tasks,
                new MiniTaskCodec(),
                (request, rng) -> Optional.empty(),
                null,
                null,
                Map.of(
                        TaskFeedback.class,
                        new MiniFeedback(environment.tester()),
                        EndpointRoles.class,
                        new CodingEndpointRoles(
                                CodingEndpointRoles.STACK_LANGUAGE,
                                client -> (request, rng) -> Optional.empty()),
                        PromptFormat.class,
                        new MiniPrompts()));
    }
}
