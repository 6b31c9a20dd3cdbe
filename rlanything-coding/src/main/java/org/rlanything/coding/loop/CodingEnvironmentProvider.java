package org.rlanything.coding.loop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.CodingTask;
import org.rlanything.coding.IoKind;
import org.rlanything.coding.PassRateBoard;
import org.rlanything.coding.ProblemLoader;
import org.rlanything.coding.ProblemVerifier;
import org.rlanything.coding.SandboxedTester;
import org.rlanything.coding.sandbox.Sandbox;
import org.rlanything.coding.sandbox.SandboxSettings;
import org.rlanything.core.Task;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.TaskFeedback;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.RunContext;

/**
 * {@code environment.kind: coding}: stdin/stdout problems from {@code environment.data}, programs
 * run in the sandbox, the reward model writes unit tests ({@link CodingFeedback}, a {@link
 * TaskFeedback}). The model kinds' hooks come from the bridge modules (rlanything-coding-openai:
 * the endpoint roles; rlanything-coding-neural: models started from the sections' {@code init}
 * folders, reading {@link CodingChat#PROBLEMS}; no embedded starting models write Python); this
 * environment offers them the {@link CodingRewriterHook}. Without a {@code rewriter} section the
 * environment's rewriter declines every rewrite (there is no model to write problems).
 */
public final class CodingEnvironmentProvider
        implements EnvironmentProvider<CodingEnvironmentConfig> {

    public static final String KIND = "coding";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<CodingEnvironmentConfig> configType() {
        return CodingEnvironmentConfig.class;
    }

    @Override
    public CodingEnvironmentConfig defaults() {
        return CodingEnvironmentConfig.DEFAULTS;
    }

    @Override
    public AlgorithmConfig algorithmDefaults() {
        return CodingEnvironmentConfig.ALGORITHM;
    }

    @Override
    public EnvironmentParts create(CodingEnvironmentConfig config, RunContext context)
            throws IOException {
        if (config.data() == null || config.data().isBlank()) {
            throw new org.rlanything.core.BadInputException(
                    "environment.data: give the JSON-lines file of coding problems"
                            + " (stdin/stdout problems are used).");
        }
        Path file = Path.of(config.data());
        if (!Files.isRegularFile(file)) {
            throw new org.rlanything.core.BadInputException(
                    "environment.data: " + file + " is not a readable file.");
        }
        List<CodingProblem> problems = new ArrayList<>();
        for (CodingProblem problem : ProblemLoader.load(file)) {
            problems.add(
                    config.maxTests() > 0 && problem.tests().size() > config.maxTests()
                            ? problem.withTests(problem.tests().subList(0, config.maxTests()))
                            : problem);
        }
        List<Task> tasks = new ArrayList<>();
        if (config.idList().isEmpty()) {
            for (CodingProblem problem : problems) {
                if (problem.kind() == IoKind.STDIO && tasks.size() < config.poolSize()) {
                    tasks.add(new CodingTask(problem));
                }
            }
        } else {
            Map<String, CodingProblem> byId = new java.util.HashMap<>();
            problems.forEach(p -> byId.putIfAbsent(p.id(), p));
            for (String id : config.idList()) {
                CodingProblem problem = byId.get(id);
                if (problem == null || problem.kind() != IoKind.STDIO) {
                    throw new org.rlanything.core.BadInputException(
                            "environment.ids: "
                                    + file
                                    + (problem == null
                                            ? " has no problem " + id
                                            : "'s problem " + id + " is not a stdin/stdout problem")
                                    + ".");
                }
                tasks.add(new CodingTask(problem));
            }
        }
        if (tasks.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "environment.data: " + file + " holds no stdin/stdout problem.");
        }
        SandboxedTester tester =
                new SandboxedTester(Sandbox.open(SandboxSettings.defaults(config.workers())));
        CodingEnvironment environment = new CodingEnvironment(tester);
        PassRateBoard passRates = new PassRateBoard();
        return new EnvironmentParts(
                KIND,
                KIND,
                environment,
                tasks,
                new CodingTaskCodec(),
                (request, rng) -> Optional.empty(),
                null,
                null,
                new CodingFeedback(tester, passRates),
                new CodingRewriterHook(new ProblemVerifier(tester), passRates));
    }
}
