package org.rlanything.agent;

import java.util.Objects;
import org.rlanything.neural.model.ModelConfig;

/**
 * How the starting models are made ({@link Pretrainer}). The paper starts from pretrained instruct
 * models; here both models start from scratch and are brought to a comparable starting point in
 * minutes: the policy by <em>limited</em> behaviour cloning of planner demonstrations (so it wins
 * some held-out games, not all), the reward model by a warm start on noisy planner step labels (so
 * its verdicts are better than chance, far from perfect). The embedded defaults are declared once,
 * in {@link Builder}.
 *
 * @param seed every random choice (games, noise, initialisation, batches) derives from it
 * @param trainGames generated training games played by the noisy planner (games 0..n-1 of the seed)
 * @param demoNoise probability of a random admissible command at each demonstration step
 * @param demoMaxSteps step limit of a demonstration episode
 * @param vocabSize tokenizer vocabulary (learned from the demonstrations' text)
 * @param hiddenSize model width (both models)
 * @param layers decoder layers
 * @param heads attention heads
 * @param intermediateSize SwiGLU inner width
 * @param maxPositions longest prompt plus response
 * @param maxPromptTokens prompts are cut to their last tokens beyond this (acting) or dropped (RL
 *     updates)
 * @param bcSteps behaviour-cloning optimizer steps (the limit that keeps the starting policy
 *     imperfect)
 * @param bcBatch demonstrations per behaviour-cloning step
 * @param bcLearningRate behaviour-cloning learning rate
 * @param daggerRounds rounds of DAgger after cloning: the policy plays {@code daggerGames} training
 *     games, the demonstrator labels the states it visited, and cloning continues on all labels so
 *     far
 * @param daggerGames training games played per DAgger round
 * @param daggerBcSteps cloning steps after each DAgger round
 * @param rmSteps warm-start optimizer steps of the reward model
 * @param rmBatch judged steps per warm-start step
 * @param rmLearningRate warm-start learning rate
 * @param rmLabelNoise probability that a warm-start label is flipped (weak labels)
 * @param format the prompts both models read
 * @param rmHiddenSize the reward model's width; 0: the policy's ({@code hiddenSize}). Its SwiGLU
 *     inner width keeps the policy's ratio to the width, its heads are the policy's
 * @param rmLayers the reward model's decoder layers; 0: the policy's ({@code layers})
 */
public record PretrainSettings(
        long seed,
        int trainGames,
        double demoNoise,
        int demoMaxSteps,
        int vocabSize,
        int hiddenSize,
        int layers,
        int heads,
        int intermediateSize,
        int maxPositions,
        int maxPromptTokens,
        int bcSteps,
        int bcBatch,
        double bcLearningRate,
        int daggerRounds,
        int daggerGames,
        int daggerBcSteps,
        int rmSteps,
        int rmBatch,
        double rmLearningRate,
        double rmLabelNoise,
        AlfworldPromptFormat format,
        int rmHiddenSize,
        int rmLayers) {

    public PretrainSettings {
        positive("train_games", trainGames);
        positive("demo_max_steps", demoMaxSteps);
        positive("max_prompt_tokens", maxPromptTokens);
        positive("bc_batch", bcBatch);
        positive("rm_batch", rmBatch);
        if (daggerRounds < 0 || daggerGames < 0 || daggerBcSteps < 0) {
            throw new org.rlanything.core.BadInputException(
                    "dagger_rounds ("
                            + daggerRounds
                            + "), dagger_games ("
                            + daggerGames
                            + ") and dagger_bc_steps ("
                            + daggerBcSteps
                            + ") must be >= 0.");
        }
        if (bcSteps < 0 || rmSteps < 0) {
            throw new org.rlanything.core.BadInputException(
                    "bc_steps (" + bcSteps + ") and rm_steps (" + rmSteps + ") must be >= 0.");
        }
        if (!(demoNoise >= 0 && demoNoise <= 1) || !(rmLabelNoise >= 0 && rmLabelNoise <= 0.5)) {
            throw new org.rlanything.core.BadInputException(
                    "demo_noise ("
                            + demoNoise
                            + ") must be in [0, 1] and rm_label_noise ("
                            + rmLabelNoise
                            + ") in [0, 0.5].");
        }
        if (!(bcLearningRate > 0) || !(rmLearningRate > 0)) {
            throw new org.rlanything.core.BadInputException(
                    "Learning rates must be > 0, got "
                            + bcLearningRate
                            + " and "
                            + rmLearningRate
                            + ".");
        }
        Objects.requireNonNull(format, "format");
        if (rmHiddenSize < 0 || rmLayers < 0) {
            throw new org.rlanything.core.BadInputException(
                    "rm_hidden_size ("
                            + rmHiddenSize
                            + ") and rm_layers ("
                            + rmLayers
                            + ") must be >= 0 (0: the policy's).");
        }
        ModelConfig policySize =
                modelConfig(
                        vocabSize,
                        hiddenSize,
                        intermediateSize,
                        layers,
                        heads,
                        maxPositions,
                        0L); // validates the size
        rewardModelConfig(policySize, rmHiddenSize, rmLayers); // and the reward model's
    }

    private static void positive(String name, int value) {
        if (value <= 0) {
            throw new org.rlanything.core.BadInputException(name + " (" + value + ") must be > 0.");
        }
    }

    /** The embedded defaults (tuned on generated games; see the module README). */
    public static PretrainSettings defaults(long seed) {
        return builder(seed).build();
    }

    /** A builder at the embedded defaults, with run seed {@code seed}. */
    public static Builder builder(long seed) {
        Builder b = new Builder();
        b.seed = seed;
        return b;
    }

    /** A builder holding these settings, to change a few of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.seed = seed;
        b.trainGames = trainGames;
        b.demoNoise = demoNoise;
        b.demoMaxSteps = demoMaxSteps;
        b.vocabSize = vocabSize;
        b.hiddenSize = hiddenSize;
        b.layers = layers;
        b.heads = heads;
        b.intermediateSize = intermediateSize;
        b.maxPositions = maxPositions;
        b.maxPromptTokens = maxPromptTokens;
        b.bcSteps = bcSteps;
        b.bcBatch = bcBatch;
        b.bcLearningRate = bcLearningRate;
        b.daggerRounds = daggerRounds;
        b.daggerGames = daggerGames;
        b.daggerBcSteps = daggerBcSteps;
        b.rmSteps = rmSteps;
        b.rmBatch = rmBatch;
        b.rmLearningRate = rmLearningRate;
        b.rmLabelNoise = rmLabelNoise;
        b.format = format;
        b.rmHiddenSize = rmHiddenSize;
        b.rmLayers = rmLayers;
        return b;
    }

    /** The model size for a tokenizer of {@code vocab} ids, initialised from {@code initSeed}. */
    public ModelConfig modelConfig(int vocab, long initSeed) {
        return modelConfig(
                vocab, hiddenSize, intermediateSize, layers, heads, maxPositions, initSeed);
    }

    /**
     * The reward model's size ({@code rmHiddenSize}, {@code rmLayers}; the policy's where 0),
     * initialised from {@code initSeed}.
     */
    public ModelConfig rewardModelConfig(int vocab, long initSeed) {
        return rewardModelConfig(modelConfig(vocab, initSeed), rmHiddenSize, rmLayers);
    }

    /**
     * The reward model's size from the policy's: {@code rmHidden} wide with the feed-forward width
     * scaled alike, {@code rmLayers} deep, the policy's where 0.
     */
    private static ModelConfig rewardModelConfig(ModelConfig policy, int rmHidden, int rmLayers) {
        int hidden = policy.hiddenSize();
        int ffn = policy.intermediateSize();
        return modelConfig(
                policy.vocabSize(),
                rmHidden == 0 ? hidden : rmHidden,
                rmHidden == 0 ? ffn : (int) Math.round((double) ffn * rmHidden / hidden),
                rmLayers == 0 ? policy.numLayers() : rmLayers,
                policy.numHeads(),
                policy.maxPositions(),
                policy.initSeed());
    }

    private static ModelConfig modelConfig(
            int vocab, int hidden, int ffn, int layers, int heads, int positions, long initSeed) {
        return new ModelConfig(
                vocab, hidden, ffn, layers, heads, positions, 10000.0, 1e-6, initSeed);
    }

    /**
     * Sets settings one at a time, from the embedded defaults ({@link #builder(long)}) or from a
     * record ({@link #toBuilder()}); {@link #build()} checks them.
     */
    public static final class Builder {
        private long seed;
        private int trainGames = 600;
        private double demoNoise = 0.15;
        private int demoMaxSteps = 30;
        private int vocabSize = 768;
        private int hiddenSize = 64;
        private int layers = 2;
        private int heads = 4;
        private int intermediateSize = 172;
        private int maxPositions = 256;
        private int maxPromptTokens = 200;
        private int bcSteps = 1500;
        private int bcBatch = 32;
        private double bcLearningRate = 3e-3;
        private int daggerRounds = 2;
        private int daggerGames = 150;
        private int daggerBcSteps = 300;
        private int rmSteps = 1200;
        private int rmBatch = 32;
        private double rmLearningRate = 3e-3;
        private double rmLabelNoise = 0.0;
        private AlfworldPromptFormat format = AlfworldPromptFormat.defaults();
        private int rmHiddenSize = 0;
        private int rmLayers = 0;

        private Builder() {}

        public Builder trainGames(int value) {
            trainGames = value;
            return this;
        }

        public Builder demoNoise(double value) {
            demoNoise = value;
            return this;
        }

        public Builder demoMaxSteps(int value) {
            demoMaxSteps = value;
            return this;
        }

        public Builder vocabSize(int value) {
            vocabSize = value;
            return this;
        }

        public Builder hiddenSize(int value) {
            hiddenSize = value;
            return this;
        }

        public Builder layers(int value) {
            layers = value;
            return this;
        }

        public Builder heads(int value) {
            heads = value;
            return this;
        }

        public Builder intermediateSize(int value) {
            intermediateSize = value;
            return this;
        }

        public Builder maxPositions(int value) {
            maxPositions = value;
            return this;
        }

        public Builder maxPromptTokens(int value) {
            maxPromptTokens = value;
            return this;
        }

        public Builder bcSteps(int value) {
            bcSteps = value;
            return this;
        }

        public Builder bcBatch(int value) {
            bcBatch = value;
            return this;
        }

        public Builder bcLearningRate(double value) {
            bcLearningRate = value;
            return this;
        }

        public Builder daggerRounds(int value) {
            daggerRounds = value;
            return this;
        }

        public Builder daggerGames(int value) {
            daggerGames = value;
            return this;
        }

        public Builder daggerBcSteps(int value) {
            daggerBcSteps = value;
            return this;
        }

        public Builder rmSteps(int value) {
            rmSteps = value;
            return this;
        }

        public Builder rmBatch(int value) {
            rmBatch = value;
            return this;
        }

        public Builder rmLearningRate(double value) {
            rmLearningRate = value;
            return this;
        }

        public Builder rmLabelNoise(double value) {
            rmLabelNoise = value;
            return this;
        }

        public Builder format(AlfworldPromptFormat value) {
            format = value;
            return this;
        }

        public Builder rmHiddenSize(int value) {
            rmHiddenSize = value;
            return this;
        }

        public Builder rmLayers(int value) {
            rmLayers = value;
            return this;
        }

        public PretrainSettings build() {
            return new PretrainSettings(
                    seed,
                    trainGames,
                    demoNoise,
                    demoMaxSteps,
                    vocabSize,
                    hiddenSize,
                    layers,
                    heads,
                    intermediateSize,
                    maxPositions,
                    maxPromptTokens,
                    bcSteps,
                    bcBatch,
                    bcLearningRate,
                    daggerRounds,
                    daggerGames,
                    daggerBcSteps,
                    rmSteps,
                    rmBatch,
                    rmLearningRate,
                    rmLabelNoise,
                    format,
                    rmHiddenSize,
                    rmLayers);
        }
    }
}
