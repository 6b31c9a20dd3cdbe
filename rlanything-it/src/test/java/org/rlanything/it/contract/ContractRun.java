package org.rlanything.it.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.RunContext;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;

/**
 * The kinds of one {@link Rig}, built as a run builds them: its YAML read by the command line's
 * config loader, then each section's provider, found in the {@link ProviderRegistry} by the
 * section's settings, makes its part (the environment first; the policy and the reward model on
 * first use). Built once per rig and test run, since the outside parts (a browser, the ALFWorld
 * oracle) take seconds to start.
 */
final class ContractRun {

    /** The seed of every rig's run. */
    static final long SEED = 7;

    private static final Map<Rig, ContractRun> BUILT = new EnumMap<>(Rig.class);

    private final Rig rig;
    private final RunConfig config;
    private final RunContext context;
    private final EnvironmentParts parts;
    private Policy policy;
    private RewardModel rewardModel;

    private ContractRun(Rig rig) throws IOException {
        this.rig = rig;
        ProviderRegistry registry = ProviderRegistry.get();
        config =
                ConfigLoader.parse(
                        "trainer: {seed: "
                                + SEED
                                + "}\nalgorithm: {tasks_per_iteration: 2, rollouts_per_task: 2}\n"
                                + rig.yaml(),
                        "the contract rig " + rig,
                        List.of());
        context =
                new RunContext(
                        SEED,
                        config.algorithm(),
                        0,
                        null,
                        config.policy(),
                        config.rewardModel(),
                        line -> {},
                        registry.engine(config.trainer().rolloutEngine())
                                .create(config.trainer().engine()),
                        0);
        parts = registry.createEnvironment(config.environment(), context);
        context.engine().useCodec(parts.codec());
    }

    /** The rig's run, built on first use. */
    static synchronized ContractRun of(Rig rig) {
        return BUILT.computeIfAbsent(
                rig,
                r -> {
                    try {
                        return new ContractRun(r);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    Rig rig() {
        return rig;
    }

    RunContext context() {
        return context;
    }

    EnvironmentParts parts() {
        return parts;
    }

    /** The rig's policy, made by its provider on first use. */
    synchronized Policy policy() throws IOException {
        if (policy == null) {
            policy =
                    ProviderRegistry.get()
                            .policies()
                            .of(config.policy())
                            .createFrom(config.policy(), context, parts);
        }
        return policy;
    }

    /** The rig's reward model, made by its provider on first use. */
    synchronized RewardModel rewardModel() throws IOException {
        if (rewardModel == null) {
            rewardModel =
                    ProviderRegistry.get()
                            .rewardModels()
                            .of(config.rewardModel())
                            .createFrom(config.rewardModel(), context, parts);
        }
        return rewardModel;
    }
}
