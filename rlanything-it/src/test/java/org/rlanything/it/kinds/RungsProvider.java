package org.rlanything.it.kinds;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.RunContext;

/** {@code environment.kind: rungs}, registered by this test module's services file alone. */
public final class RungsProvider implements EnvironmentProvider<RungsConfig> {

    @Override
    public String kind() {
        return "rungs";
    }

    @Override
    public Class<RungsConfig> configType() {
        return RungsConfig.class;
    }

    @Override
    public RungsConfig defaults() {
        return new RungsConfig(null, null, null);
    }

    @Override
    public org.rlanything.core.loop.AlgorithmConfig algorithmDefaults() {
        return org.rlanything.core.loop.AlgorithmConfig.builder()
                .tasksPerIteration(3)
                .rolloutsPerTask(4)
                .rewriterSamples(1)
                .build();
    }

    @Override
    public EnvironmentParts create(RungsConfig config, RunContext context) {
        Rungs environment = new Rungs(config.maxSteps());
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < config.poolSize(); i++) {
            tasks.add(
                    new Rungs.Ladder(
                            "ladder-" + i, 1 + (int) ((context.seed() + i) % config.maxRungs())));
        }
        List<Task> heldOut =
                List.of(new Rungs.Ladder("held-out-2", 2), new Rungs.Ladder("held-out-4", 4));
        return new EnvironmentParts(
                kind(),
                kind(),
                environment,
                tasks,
                new Rungs.Codec(),
                new Rungs.OneRung(),
                (iteration, policy, rewardModel, seed) -> {
                    List<RolloutRequest> requests = new ArrayList<>();
                    for (Task task : heldOut) {
                        requests.add(new RolloutRequest(task, 0, seed));
                    }
                    List<Trajectory> played =
                            context.engine()
                                    .rollOut(requests, policy, environment, config.maxSteps());
                    Map<String, Double> metrics = new TreeMap<>();
                    metrics.put(
                            "val-core/rungs/success",
                            played.stream().filter(Trajectory::won).count()
                                    / (double) played.size());
                    return metrics;
                },
                null,
                null,
                new Rungs.Climbing() {});
    }
}
