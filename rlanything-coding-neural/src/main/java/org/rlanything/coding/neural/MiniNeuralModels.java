package org.rlanything.coding.neural;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.rlanything.coding.embedded.MiniEnvironmentProvider;
import org.rlanything.coding.loop.CodingChat;
import org.rlanything.coding.loop.MiniPrompts;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.provider.FolderModels;
import org.rlanything.neural.provider.GenericWarmStart;
import org.rlanything.neural.provider.ImportedModels;
import org.rlanything.neural.provider.NeuralModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;
import org.rlanything.neural.provider.TrainableSection;

/**
 * The {@link NeuralModels} the stack-language environment offers, so that {@code policy.kind:
 * neural} and {@code reward_model.kind: neural} work with {@code environment.kind: coding-mini}:
 * the embedded {@link CheckpointedPolicy} and {@link CheckpointedRewardModel}, loaded from the
 * starting-models folder ({@code trainer.starting_models}, made by {@link
 * MiniStartingModels#ensure}) as the generic models are ({@link FolderModels}), each training by
 * its section's keys ({@link TrainableSection}). Without a folder the warm start runs once per run
 * into a temporary folder, and both models load from it. A section with {@code init} starts from
 * that folder instead ({@link ImportedModels}): a chat model (an imported Qwen or Llama) reads the
 * stack language's chat form, {@link CodingChat#STACK_LANGUAGE}, the turns and parsers of the
 * endpoint kinds.
 */
public final class MiniNeuralModels implements NeuralModels {

    /** The longest program the policy writes, in tokens. */
    public static final int PROGRAM_TOKENS = 16;

    private final Path folder;
    private final GenericWarmStart warmStart;
    private final Consumer<String> log;
    private final MiniPrompts format = new MiniPrompts();
    private final ImportedModels imported;
    private Path made;

    /**
     * @param folder the starting-models folder; null: warm-start in memory from {@code warmStart}
     * @param warmStart how the starting models are made when no folder is named
     * @param log progress lines
     */
    public MiniNeuralModels(Path folder, GenericWarmStart warmStart, Consumer<String> log) {
        this.folder = folder;
        this.warmStart = warmStart;
        this.log = log;
        this.imported =
                new ImportedModels(
                        MiniEnvironmentProvider.KIND,
                        format,
                        CodingChat.STACK_LANGUAGE,
                        warmStart.seed());
    }

    @Override
    public Policy policy(NeuralPolicyConfig config) throws IOException {
        if (config.init() != null) {
            return imported.policy(config);
        }
        return FolderModels.policy(
                startingModels().resolve(MiniStartingModels.POLICY),
                config,
                format,
                PROGRAM_TOKENS,
                warmStart.seed());
    }

    @Override
    public RewardModel rewardModel(NeuralRewardModelConfig config) throws IOException {
        if (config.init() != null) {
            return imported.rewardModel(config);
        }
        Path dir = startingModels().resolve(MiniStartingModels.TEST_WRITER);
        int positions = ImportedModels.positions(dir);
        int response = Math.max(GenericWarmStart.RESPONSE_TOKENS, config.maxTokens());
        if (response >= positions) {
            throw new org.rlanything.core.BadInputException(
                    "reward_model.max_tokens "
                            + config.maxTokens()
                            + " leaves no prompt in the test writer's "
                            + positions
                            + " positions.");
        }
        return FolderModels.judge(dir, config, format, response, warmStart.seed() + 1);
    }

    /** The folder to load from: the named one, or one made once by the warm start. */
    private synchronized Path startingModels() throws IOException {
        if (folder != null) {
            return MiniStartingModels.ensure(folder, warmStart, log);
        }
        if (made == null) {
            Path temp = Files.createTempDirectory("rlanything-coding-mini-start");
            temp.toFile().deleteOnExit();
            made = MiniStartingModels.ensure(temp.resolve("models"), warmStart, log);
        }
        return made;
    }
}
