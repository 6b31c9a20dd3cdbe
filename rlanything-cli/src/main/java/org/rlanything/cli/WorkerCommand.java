package org.rlanything.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.RolloutEngineProvider;
import org.rlanything.core.spi.WorkerParts;
import org.rlanything.run.Backends;
import org.rlanything.run.RunComponents;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code rlanything worker CONFIG [key=value ...]}: serves the trainer of a run whose {@code
 * trainer.rollout_engine} has workers. The command knows no engine: it builds the run's models and
 * environment from the config and hands them to the engine kind's provider, which serves until
 * killed.
 */
@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        description =
                "Serves rollouts for trainers of a distributed rollout engine (trainer.rollout_engine and"
                        + " its settings trainer.engine come from the config); runs until stopped.",
        footer = {
            "",
            "Example:",
            "  rlanything worker configs/demo.yaml trainer.rollout_engine=hazelcast trainer.engine.cluster=lab",
            "Exit codes: 1 the worker failed, 2 bad config or an engine without workers."
        })
final class WorkerCommand implements Callable<Integer> {

    @Parameters(
            paramLabel = "CONFIG_AND_OVERRIDES",
            arity = "1..*",
            description =
                    "The run's YAML config file, then dotted overrides such as trainer.engine.cluster=lab.")
    private List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (arguments.get(0).contains("=")) {
            throw new org.rlanything.core.BadInputException(
                    "worker needs the run's config file first (for example"
                            + " configs/demo.yaml).");
        }
        RunConfig config =
                ConfigLoader.load(
                        Path.of(arguments.get(0)), arguments.subList(1, arguments.size()));
        RolloutEngineProvider engine =
                ProviderRegistry.get().engine(config.trainer().rolloutEngine());
        RunComponents components = Backends.create(config);
        engine.serveWorker(
                config.trainer().engine(),
                new WorkerParts(
                        components.policy(),
                        components.rewardModel(),
                        components.environment(),
                        components.codec(),
                        line -> System.err.println(line)));
        return 0;
    }
}
