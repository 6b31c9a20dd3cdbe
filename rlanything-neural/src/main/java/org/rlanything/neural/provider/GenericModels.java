package org.rlanything.neural.provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.stream.Stream;
import org.rlanything.core.Environment;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.DescribedPromptFormat;
import org.rlanything.neural.checkpoint.ModelPairFolder;

/**
 * The neural models of an environment that offers none of its own ({@link NeuralModels}): the
 * embedded policy and judge loaded from its generic starting models ({@link GenericWarmStart}, made
 * from the run seed: behaviour cloning of the environment's {@link
 * org.rlanything.core.spi.Demonstrator} where it offers one, the judge on its step labels; from
 * scratch otherwise). They read the generic prompt format with one step of history, the judge's
 * prompt opening with what the environment says about itself ({@link DescribedPromptFormat}). The
 * models are made once per run into {@code trainer.starting_models} when named (and reused by every
 * later run that names it), else into a temporary folder; the policy's and the judge's sections
 * share them. A resumed run makes the same models again from the same seed before its checkpoint is
 * restored. Each section trains by its own keys ({@link TrainableSection}); LoRA (and so {@code
 * base_dtype: f16}) needs {@code init}, which these models are the absence of, and is refused.
 */
final class GenericModels implements NeuralModels {

    private static final Map<Environment, GenericModels> BY_ENVIRONMENT =
            Collections.synchronizedMap(new WeakHashMap<>());

    private final EnvironmentParts environment;
    private final RunContext context;
    private final GenericWarmStart warmStart;
    private final DescribedPromptFormat format;
    private Path made;

    GenericModels(EnvironmentParts environment, RunContext context, GenericWarmStart warmStart) {
        this.environment = environment;
        this.context = context;
        this.warmStart = warmStart;
        this.format = GenericStartingModels.format(environment.hooks());
    }

    /** The generic models of {@code environment}'s run, one per environment (both sections). */
    static GenericModels of(EnvironmentParts environment, RunContext context) {
        return BY_ENVIRONMENT.computeIfAbsent(
                environment.environment(),
                e ->
                        new GenericModels(
                                environment,
                                context,
                                recipe(context).recipe(context.seed(), context.maxSteps())));
    }

    /**
     * The warm start's sizes: {@code policy.warm_start} when the policy is neural (then {@code
     * reward_model.warm_start} must be left at its defaults or equal it: one recipe makes both
     * models), else {@code reward_model.warm_start}.
     */
    static WarmStartConfig recipe(RunContext context) {
        WarmStartConfig judge =
                context.rewardModel() instanceof NeuralRewardModelConfig r
                        ? r.warmStart()
                        : WarmStartConfig.DEFAULTS;
        if (!(context.policy() instanceof NeuralPolicyConfig p)) {
            return judge;
        }
        if (!judge.equals(WarmStartConfig.DEFAULTS) && !judge.equals(p.warmStart())) {
            throw new org.rlanything.core.BadInputException(
                    "reward_model.warm_start differs from policy.warm_start: the generic starting"
                            + " models are made by one recipe, read from policy.warm_start when"
                            + " policy.kind is neural; set the keys there only.");
        }
        return p.warmStart();
    }

    /** The prompt format both models read. */
    DescribedPromptFormat format() {
        return format;
    }

    @Override
    public Policy policy(NeuralPolicyConfig config) throws IOException {
        return FolderModels.policy(
                startingModels().resolve(ModelPairFolder.POLICY),
                config,
                format,
                GenericWarmStart.RESPONSE_TOKENS,
                context.seed());
    }

    @Override
    public RewardModel rewardModel(NeuralRewardModelConfig config) throws IOException {
        Path dir = startingModels().resolve(ModelPairFolder.REWARD_MODEL);
        int positions = ImportedModels.positions(dir);
        if (config.maxTokens() >= positions - 8) {
            throw new org.rlanything.core.BadInputException(
                    "reward_model.max_tokens "
                            + config.maxTokens()
                            + " leaves no prompt in the generic judge's "
                            + positions
                            + " positions.");
        }
        return FolderModels.judge(dir, config, format, config.maxTokens(), context.seed() + 1);
    }

    /** The folder to load from: {@code trainer.starting_models}, or one made once per run. */
    synchronized Path startingModels() throws IOException {
        if (context.startingModels() != null) {
            return GenericStartingModels.ensure(
                    context.startingModels(), warmStart, environment, context.log());
        }
        if (made == null) {
            Path temp = Files.createTempDirectory("rlanything-generic-start");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(temp)));
            made =
                    GenericStartingModels.ensure(
                            temp.resolve("models"), warmStart, environment, context.log());
        }
        return made;
    }

    private static void deleteQuietly(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
