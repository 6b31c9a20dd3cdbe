package org.rlanything.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.provider.NeuralModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;
import org.rlanything.neural.provider.TrainableSection;
import org.rlanything.neural.train.PpoSettings;

/**
 * The neural policy and judge of ALFWorld, each made from its own section when its kind asks
 * ({@link NeuralModels}): from the section's {@code init} folder when it names one, else from the
 * starting models ({@code trainer.starting_models}, made from the run seed if absent; without that
 * key, pretrained once per run into a temporary folder). Each reads the ALFWorld prompts ({@link
 * AlfworldPromptFormat}, with the place prior stored beside the starting models) and trains with
 * its section's settings ({@link TrainableSection}); LoRA adapters are drawn from the run seed (the
 * judge's from the seed + 1). Also the words the endpoint kinds use for ALFWorld.
 */
public final class AlfworldNeuralModels implements NeuralModels, EnvironmentDescription {

    /** The tokens a judgment takes in training. */
    static final int JUDGMENT_TOKENS = 24;

    private final AlfworldGames games;
    private final long seed;
    private final Path startingModels;
    private final int policyPromptTokens;
    private final Consumer<String> log;
    private Path made;
    private boolean announced;

    /**
     * @param games the games (pretraining, when the starting models are made)
     * @param seed the run seed
     * @param startingModels the folder {@code trainer.starting_models} names; null: pretrain once
     *     into a temporary folder when a model is first asked for
     * @param policyPromptTokens the policy's prompt window ({@code policy.max_prompt_tokens}): the
     *     judge reads the policy's view plus the step, so its window is at least this
     * @param log progress lines
     */
    public AlfworldNeuralModels(
            AlfworldGames games,
            long seed,
            Path startingModels,
            int policyPromptTokens,
            Consumer<String> log) {
        this.games = games;
        this.seed = seed;
        this.startingModels = startingModels;
        this.policyPromptTokens = policyPromptTokens;
        this.log = log;
    }

    @Override
    public CheckpointedPolicy policy(NeuralPolicyConfig config) throws IOException {
        TrainableSection section = config.trainable();
        Source source = source("policy", config.init());
        PpoSettings trainer =
                section.trainer(
                        source.dir(),
                        config.maxPromptTokens(),
                        AlfworldExperiment.POLICY_RESPONSE_TOKENS);
        return section.adapted(
                source.load(trainer),
                seed,
                model ->
                        new CheckpointedPolicy(
                                model,
                                source.format(),
                                new SamplingConfig(config.temperature(), 1.0, config.maxTokens()),
                                trainer,
                                config.chatActions().equals("score")));
    }

    @Override
    public CheckpointedRewardModel rewardModel(NeuralRewardModelConfig config) throws IOException {
        Source source = source("reward_model", config.init());
        // the judge reads the policy's view plus the judged step: a window of at least the
        // policy's, up to the pretrained judge's, within the model's positions
        int room = AlfworldExperiment.positions(source.dir()) - JUDGMENT_TOKENS;
        if (policyPromptTokens > room) {
            throw new org.rlanything.core.BadInputException(
                    "reward_model: the judge reads the policy's view (policy.max_prompt_tokens "
                            + policyPromptTokens
                            + ") plus its "
                            + JUDGMENT_TOKENS
                            + " reply tokens, more than the "
                            + (room + JUDGMENT_TOKENS)
                            + " positions of the judge in "
                            + source.dir()
                            + "; give policy.max_prompt_tokens at most "
                            + room
                            + " or a judge model with more positions.");
        }
        int prompt = Math.max(policyPromptTokens, Math.min(Pretrainer.JUDGE_PROMPT_TOKENS, room));
        TrainableSection section = config.trainable();
        PpoSettings trainer = section.trainer(source.dir(), prompt, JUDGMENT_TOKENS);
        return section.adapted(
                source.load(trainer),
                seed + 1,
                model ->
                        new CheckpointedRewardModel(
                                model,
                                source.format(),
                                new SamplingConfig(config.temperature(), 1.0, config.maxTokens()),
                                trainer,
                                config.chatVerdicts().equals("score")));
    }

    /**
     * Where a role's model comes from: a folder its section's {@code init} names (read with the
     * ALFWorld prompts as they are), or its part of the starting models (with their place prior).
     */
    private record Source(Path dir, boolean imported, AlfworldPromptFormat format) {
        NeuralModel load(PpoSettings trainer) throws IOException {
            return imported
                    ? NeuralModel.loadFolder(dir, trainer)
                    : NeuralModel.load(dir, trainer, false);
        }
    }

    private synchronized Source source(String role, String init) throws IOException {
        if (!announced) {
            log.accept("rlanything: neural models on " + NeuralRuntime.device());
            announced = true;
        }
        if (init != null) {
            return new Source(Path.of(init), true, AlfworldPromptFormat.defaults());
        }
        Path folder = startingModels();
        return new Source(
                folder.resolve(role),
                false,
                StartingModelsFolder.format(folder, AlfworldPromptFormat.defaults()));
    }

    /** The starting models: the named folder (made if absent), or one pretrained for this run. */
    private Path startingModels() throws IOException {
        if (startingModels != null) {
            return StartingModelsFolder.ensure(startingModels, seed, games, log);
        }
        if (made == null) {
            Path temp = Files.createTempDirectory("rlanything-start");
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(
                                    () -> {
                                        try {
                                            AtomicFiles.deleteTree(temp);
                                        } catch (IOException e) {
                                            // a temporary folder left behind is harmless
                                        }
                                    }));
            made = StartingModelsFolder.ensure(temp.resolve("models"), seed, games, log);
        }
        return made;
    }

    /** The endpoint kinds' words for ALFWorld (as before environments had their own). */
    @Override
    public String description() {
        return "a text-based household environment";
    }

    @Override
    public String actionFormat() {
        return "";
    }

    @Override
    public String example() {
        return "go to countertop 1";
    }
}
