package org.rlanything.remote;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.Evaluator;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.RunContext;

/**
 * {@code environment.kind: remote}: an environment in any language behind the remote protocol. The
 * pool is the server's first {@code pool_size} training tasks for the run seed, the evaluation
 * plays its first {@code eval_tasks} held-out tasks once each, rewrites come from its {@code
 * /rewrite} and are checked by its {@code /verify}, and what it says about itself ({@code /info})
 * is offered to the model kinds for their prompts, with its solver ({@code /demonstrate}) as a
 * {@link org.rlanything.core.spi.Demonstrator} when it offers one.
 */
public final class RemoteEnvironmentProvider
        implements EnvironmentProvider<RemoteEnvironmentConfig> {

    /** The kind's name. */
    public static final String KIND = "remote";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<RemoteEnvironmentConfig> configType() {
        return RemoteEnvironmentConfig.class;
    }

    @Override
    public RemoteEnvironmentConfig defaults() {
        return RemoteEnvironmentConfig.defaults();
    }

    /** Small sizes: a remote step costs a round trip. */
    @Override
    public AlgorithmConfig algorithmDefaults() {
        return AlgorithmConfig.builder()
                .tasksPerIteration(4)
                .rolloutsPerTask(4)
                .rewriterSamples(2)
                .build();
    }

    @Override
    public EnvironmentParts create(RemoteEnvironmentConfig config, RunContext context) {
        config.requireOneServer();
        RemoteProcess process =
                config.command().isEmpty()
                        ? null
                        : RemoteProcess.start(config.command(), config.startS());
        try {
            URI base =
                    process == null
                            ? RemoteEnvironmentConfig.address(config.url())
                            : process.address();
            Supplier<String> gone = process == null ? () -> null : process::gone;
            RemoteSettings settings =
                    new RemoteSettings(
                            base,
                            Duration.ofSeconds(5),
                            Duration.ofMillis((long) (config.timeoutS() * 1000)),
                            config.retries(),
                            Duration.ofMillis(500));
            RemoteServer server = new RemoteServer(new RemoteClient(settings, gone));
            RemoteServer.Info info = server.info();
            List<Task> tasks =
                    new ArrayList<>(server.tasks("train", config.poolSize(), context.seed()));
            List<JsonTask> heldOut =
                    config.evalTasks() == 0
                            ? List.of()
                            : server.tasks("eval", config.evalTasks(), context.seed());
            RemoteTextEnvironment environment = new RemoteTextEnvironment(server, process);
            RemoteDescription description = new RemoteDescription(info);
            return new EnvironmentParts(
                    KIND,
                    config.name(),
                    environment,
                    tasks,
                    new JsonTask.Codec(),
                    new RemoteRewriter(server),
                    evaluator(config, context, environment, heldOut),
                    null,
                    null,
                    ModelHooks.combine(
                            description,
                            info.demonstrates()
                                    ? new RemoteDemonstrator(description, environment)
                                    : null,
                            info.features() ? new RemoteStepFeatures(server, info) : null));
        } catch (RuntimeException e) {
            if (process != null) {
                process.close();
            }
            throw e;
        }
    }

    /** Each held-out task played once with the evaluation seed: {@code val-core/NAME/success}. */
    private static Evaluator evaluator(
            RemoteEnvironmentConfig config,
            RunContext context,
            RemoteTextEnvironment environment,
            List<JsonTask> heldOut) {
        return (iteration, policy, rewardModel, seed) -> {
            if (heldOut.isEmpty()) {
                return Map.of();
            }
            List<RolloutRequest> requests = new ArrayList<>();
            for (JsonTask task : heldOut) {
                requests.add(new RolloutRequest(task, 0, seed));
            }
            List<Trajectory> played =
                    context.engine().rollOut(requests, policy, environment, config.maxSteps());
            Map<String, Double> metrics = new TreeMap<>();
            metrics.put(
                    "val-core/" + config.name() + "/success",
                    played.stream().filter(Trajectory::won).count() / (double) played.size());
            return metrics;
        };
    }
}
