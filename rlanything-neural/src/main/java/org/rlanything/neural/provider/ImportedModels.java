package org.rlanything.neural.provider;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.core.Policy;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.RewardModel;
import org.rlanything.core.io.MemorySteps;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.model.MemoryPlan;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.train.PpoSettings;

/**
 * The neural policy and judge of a setting started from the folders their sections' {@code init}
 * keys name (a Hugging Face folder of Llama 3, Qwen2/2.5 or Qwen3, a folder written by {@code model
 * import}, or a checkpoint). A model with a chat template reads the setting's {@link ChatPrompts}
 * (the turns and answer parsers of the endpoint kinds); one without reads {@code format}. LoRA
 * adapters are added as the section asks ({@link TrainableSection#adapted}), drawn from the run
 * seed (the judge's from the seed + 1).
 *
 * <p>Limits: the policy's prompt window is {@code policy.max_prompt_tokens} and its reply {@code
 * policy.max_tokens}; the judge's reply is {@code reward_model.max_tokens} and its prompt window
 * the rest of the model's positions. The trainer settings are each section's ({@link
 * TrainableSection}). A section without {@code init} is an error naming the key: this class has no
 * starting models of its own.
 */
public final class ImportedModels implements NeuralModels {

    private final String setting;
    private final PromptFormat format;
    private final ChatPrompts chat;
    private final long seed;

    /**
     * @param setting the environment kind, for error messages
     * @param format what a model without a chat template reads
     * @param chat what a chat model reads, and how its replies are read
     * @param seed the run seed (LoRA adapters)
     */
    public ImportedModels(String setting, PromptFormat format, ChatPrompts chat, long seed) {
        this.setting = Objects.requireNonNull(setting, "setting");
        this.format = Objects.requireNonNull(format, "format");
        this.chat = Objects.requireNonNull(chat, "chat");
        this.seed = seed;
    }

    @Override
    public Policy policy(NeuralPolicyConfig config) throws IOException {
        Path folder = folder("policy", config.init());
        int positions = positions(folder);
        if (config.maxPromptTokens() + config.maxTokens() > positions) {
            throw beyondPositions(
                    "policy.max_prompt_tokens + policy.max_tokens ("
                            + config.maxPromptTokens()
                            + " + "
                            + config.maxTokens()
                            + ") exceed",
                    positions,
                    folder);
        }
        TrainableSection section = config.trainable();
        PpoSettings trainer = section.trainer(folder, config.maxPromptTokens(), config.maxTokens());
        return load(
                "policy",
                folder,
                trainer,
                section,
                seed,
                model ->
                        new CheckpointedPolicy(
                                model,
                                format,
                                chat,
                                sampling(config.temperature(), config.maxTokens()),
                                trainer,
                                config.chatActions().equals("score")));
    }

    @Override
    public RewardModel rewardModel(NeuralRewardModelConfig config) throws IOException {
        Path folder = folder("reward_model", config.init());
        int positions = positions(folder);
        if (config.maxTokens() >= positions) {
            throw beyondPositions(
                    "reward_model.max_tokens " + config.maxTokens() + " leaves no prompt in",
                    positions,
                    folder);
        }
        TrainableSection section = config.trainable();
        PpoSettings trainer =
                section.trainer(folder, positions - config.maxTokens(), config.maxTokens());
        return load(
                "reward_model",
                folder,
                trainer,
                section,
                seed + 1,
                model ->
                        new CheckpointedRewardModel(
                                model,
                                format,
                                chat,
                                sampling(config.temperature(), config.maxTokens()),
                                trainer,
                                config.chatVerdicts().equals("score")));
    }

    /**
     * "{@code problem} the P positions of FOLDER.": a section's token limits beyond the model's.
     */
    private static org.rlanything.core.BadInputException beyondPositions(
            String problem, int positions, Path folder) {
        return new org.rlanything.core.BadInputException(
                problem + " the " + positions + " positions of " + folder + ".");
    }

    /** Sampling at {@code temperature} over the whole distribution (top-p 1). */
    private static SamplingConfig sampling(double temperature, int maxTokens) {
        return new SamplingConfig(temperature, 1.0, maxTokens);
    }

    /**
     * Loads {@code folder}, adds LoRA adapters when {@code trains} asks (seeded by {@code
     * adapterSeed}) and wraps the model; the model is closed when adapting or wrapping fails.
     */
    private static <T> T load(
            String section,
            Path folder,
            PpoSettings trainer,
            TrainableSection trains,
            long adapterSeed,
            TrainableSection.Wrap<T> wrap)
            throws IOException {
        long planned = plannedUpdate(section, folder, trainer, trains.lora());
        NeuralModel[] loaded = {null};
        try {
            MemorySteps.during(
                    section + " load of " + folder,
                    () -> {
                        MemorySteps.plan(planned);
                        loaded[0] = NeuralModel.loadFolder(folder, trainer);
                    });
        } catch (CheckpointException e) {
            // a folder the config names that cannot be a starting model (weights that are not
            // finite, a damaged file): the user's to fix
            throw new org.rlanything.core.BadInputException(
                    section + ".init: " + e.getMessage(), e);
        }
        return trains.adapted(loaded[0], adapterSeed, wrap);
    }

    /**
     * The memory one update of {@code section}'s model needs ({@link MemoryPlan}); refuses a model
     * and batch that cannot fit this machine's memory at all, naming the keys.
     */
    static long plannedUpdate(String section, Path folder, PpoSettings trainer, LoraSettings lora)
            throws IOException {
        ModelConfig config;
        try {
            config = HfCheckpoint.config(folder);
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(
                    section + ".init: " + e.getMessage(), e);
        }
        int width = trainer.maxPromptTokens() + trainer.maxResponseTokens();
        boolean anchored = trainer.klToStart() > 0;
        boolean recomputed = trainer.recomputeLayers();
        MemoryPlan plan =
                MemoryPlan.of(
                        config,
                        lora.rank(),
                        width,
                        trainer.maxTokensPerForward(),
                        anchored,
                        recomputed,
                        trainer.halfPrecisionBase());
        long needed = lora.rank() > 0 ? plan.loraUpdateBytes() : plan.fullUpdateBytes();
        // the least an update needs: its weights, gradients and moments with one token's
        // activations; beyond the machine's memory no batch can fit
        MemoryPlan least =
                MemoryPlan.of(config, lora.rank(), 1, 1, anchored, true, lora.rank() > 0);
        long floor = lora.rank() > 0 ? least.loraUpdateBytes() : least.fullUpdateBytes();
        long total = MemoryPlan.physicalMemory();
        if (total > 0 && floor > total) {
            throw new org.rlanything.core.BadInputException(
                    section
                            + ".init: one "
                            + (lora.rank() > 0 ? "LoRA" : "full")
                            + " update of "
                            + folder
                            + " ("
                            + String.format(java.util.Locale.ROOT, "%,d", plan.parameters())
                            + " parameters) needs at least "
                            + MemorySteps.gib(floor)
                            + " GiB whatever the batch, more than this machine's "
                            + MemorySteps.gib(total)
                            + " GiB: "
                            + (lora.rank() > 0
                                    ? ""
                                    : "train with LoRA (" + section + ".lora_rank) or ")
                            + "use a smaller model (rlanything model plan "
                            + folder
                            + " prints the figures).");
        }
        return needed;
    }

    private Path folder(String section, String init) {
        if (init == null) {
            throw new org.rlanything.core.BadInputException(
                    section
                            + ".init: environment.kind "
                            + setting
                            + " has no starting models for the neural kind; name a model folder"
                            + " (a Hugging Face folder, one written by model import, or a"
                            + " checkpoint).");
        }
        Path folder = Path.of(init);
        if (!Files.isDirectory(folder)) {
            throw new org.rlanything.core.BadInputException(
                    section + ".init: " + folder + " is not a folder.");
        }
        return folder;
    }

    /** The positions of the model in {@code folder}, from its {@code config.json}. */
    public static int positions(Path folder) throws IOException {
        Path file = folder.resolve("config.json");
        if (!Files.isRegularFile(file)) {
            throw new IOException(folder + " has no config.json.");
        }
        Map<?, ?> config = new ObjectMapper().readValue(file.toFile(), Map.class);
        if (!(config.get("max_position_embeddings") instanceof Number n)) {
            throw new IOException(file + " has no max_position_embeddings.");
        }
        return n.intValue();
    }
}
