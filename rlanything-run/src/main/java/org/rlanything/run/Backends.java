package org.rlanything.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.Rewriter;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.Preflight;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.run.config.RunConfig;

/**
 * Builds a run's components from its config by looking each section's kind up in the {@link
 * ProviderRegistry}: the environment first, then the policy and the reward model for it.
 */
public final class Backends {

    private Backends() {}

    public static RunComponents create(RunConfig config) {
        preflight(config);
        RunContext context = context(config);
        ProviderRegistry registry = ProviderRegistry.get();
        try {
            EnvironmentParts environment =
                    withRewriter(
                            config,
                            context,
                            registry.createEnvironment(config.environment(), context));
            context.engine().useCodec(environment.codec());
            Policy policy =
                    registry.policies()
                            .of(config.policy())
                            .createFrom(config.policy(), context, environment);
            RewardModel rewardModel =
                    registry.rewardModels()
                            .of(config.rewardModel())
                            .createFrom(config.rewardModel(), context, environment);
            requireCheckpointable(config, Section.POLICY, policy);
            requireCheckpointable(config, Section.REWARD_MODEL, rewardModel);
            return new RunComponents(environment, policy, rewardModel, context.engine());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot build the "
                            + config.kindOf(Section.ENVIRONMENT)
                            + " run: "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * Checks the sections that depend on an outside service (see Preflight) before anything local
     * is set up: a closed port or a refused key is reported in seconds.
     */
    static void preflight(RunConfig config) {
        for (Object section :
                new Object[] {
                    config.environment(), config.policy(), config.rewardModel(), config.rewriter()
                }) {
            if (section instanceof Preflight service) {
                service.preflight(System::getenv);
            }
        }
    }

    /** The environment side with the {@code rewriter} section's rewriter, if the config has one. */
    private static EnvironmentParts withRewriter(
            RunConfig config, RunContext context, EnvironmentParts parts) throws IOException {
        if (config.rewriter() == null) {
            return parts;
        }
        Rewriter rewriter =
                ProviderRegistry.get()
                        .rewriters()
                        .of(config.rewriter())
                        .createFrom(config.rewriter(), context, parts);
        return parts.withRewriter(rewriter);
    }

    /**
     * A run folder checkpoints its models: a model kind without saved state cannot train in one.
     */
    private static void requireCheckpointable(RunConfig config, Section section, Object model) {
        if (!(model instanceof Checkpointable)) {
            throw new org.rlanything.core.BadInputException(
                    section.key()
                            + ".kind "
                            + config.kindOf(section)
                            + " makes a "
                            + model.getClass().getSimpleName()
                            + ", which is not Checkpointable; a training run checkpoints"
                            + " its policy and reward model (use it where no run folder is needed).");
        }
    }

    /**
     * Makes what the environment kind needs before runs (the starting models {@code
     * trainer.starting_models} names, from the config's own seed, unless they exist). The ablation
     * calls this once before its arms run in parallel, so that no two arms race to make the same
     * folder. The {@code linear} kinds make their starting weights (a clone of the environment's
     * solver) when a policy or judge is first created, with that run's seed; so where one is named,
     * the components are created here once, from the config's own seed: otherwise the seed whose
     * job came first would make them, and a repeat of a benchmark could start from another clone.
     */
    public static void ensureStartingModels(RunConfig config) throws IOException {
        ProviderRegistry.get().prepareEnvironment(config.environment(), context(config));
        if (config.trainer().startingModels() != null
                && (config.kindOf(Section.POLICY).equals(LAZY_START_KIND)
                        || config.kindOf(Section.REWARD_MODEL).equals(LAZY_START_KIND))) {
            create(config).close();
        }
    }

    /** The kind whose starting models are made when its model is first created. */
    private static final String LAZY_START_KIND = "linear";

    /** What every factory may read besides its own section. */
    static RunContext context(RunConfig config) {
        return new RunContext(
                config.trainer().seed(),
                config.algorithm(),
                config.trainer().evaluateEvery(),
                config.trainer().startingModels() == null
                        ? null
                        : Path.of(config.trainer().startingModels()),
                config.policy(),
                config.rewardModel(),
                line -> System.err.println(line),
                ProviderRegistry.get()
                        .engine(config.trainer().rolloutEngine())
                        .create(config.trainer().engine()),
                config.environment().maxSteps());
    }

    /** The provider of the config's environment kind. */
    public static EnvironmentProvider<?> environmentProvider(RunConfig config) {
        return ProviderRegistry.get().environments().of(config.environment());
    }
}
