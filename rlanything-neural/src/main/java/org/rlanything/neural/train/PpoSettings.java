package org.rlanything.neural.train;

/**
 * Settings of {@link PpoTrainer} (method.md §3). {@link #method()} gives the paper's values; a
 * model this small, trained from scratch, usually needs a larger learning rate than the 1e-6 used
 * for 7B models, so callers typically override it with {@link #withLearningRate}.
 *
 * @param clipEpsilon PPO clip range ε
 * @param klBeta weight β of the k3 penalty against the pre-update model
 * @param deltaClamp |δ| bound on the per-token log-ratio
 * @param learningRate constant AdamW learning rate
 * @param beta1 AdamW first-moment decay
 * @param beta2 AdamW second-moment decay
 * @param adamEps AdamW epsilon
 * @param weightDecay decoupled weight decay
 * @param maxGradNorm global gradient-norm clip
 * @param optimizerSteps U: minibatches (optimizer steps) per update, whatever the data size
 * @param maxPromptTokens longer prompts are dropped together with their advantage
 * @param maxResponseTokens longer responses are cut to this many tokens
 * @param maxTokensPerForward padded rows x width per forward pass; larger minibatches are split
 *     into gradient-accumulating micro-batches
 * @param resetOptimizerEachUpdate re-create the AdamW moments at each update, as the method does
 * @param klToStart weight β_ref of the k3 penalty against the starting model (the anchor; 0, the
 *     method's value, leaves no reference model and computes nothing more)
 * @param recomputeLayers keep only each decoder layer's input for the backward pass and run the
 *     layers again there ({@code LayerRecompute}): far less memory for one more forward pass
 * @param halfPrecisionBase hold a LoRA model's frozen projections in float16 ({@code base_dtype:
 *     f16}, {@code ModelWeights#halveFrozen}): half their memory, for an upcast per use
 */
public record PpoSettings(
        double clipEpsilon,
        double klBeta,
        double deltaClamp,
        double learningRate,
        double beta1,
        double beta2,
        double adamEps,
        double weightDecay,
        double maxGradNorm,
        int optimizerSteps,
        int maxPromptTokens,
        int maxResponseTokens,
        int maxTokensPerForward,
        boolean resetOptimizerEachUpdate,
        double klToStart,
        boolean recomputeLayers,
        boolean halfPrecisionBase) {

    public PpoSettings {
        check(clipEpsilon > 0 && clipEpsilon < 1, "clipEpsilon", clipEpsilon, "in (0, 1)");
        check(klBeta >= 0, "klBeta", klBeta, ">= 0");
        check(deltaClamp > 0, "deltaClamp", deltaClamp, "> 0");
        check(learningRate > 0, "learningRate", learningRate, "> 0");
        check(beta1 >= 0 && beta1 < 1, "beta1", beta1, "in [0, 1)");
        check(beta2 >= 0 && beta2 < 1, "beta2", beta2, "in [0, 1)");
        check(adamEps > 0, "adamEps", adamEps, "> 0");
        check(weightDecay >= 0, "weightDecay", weightDecay, ">= 0");
        check(maxGradNorm > 0, "maxGradNorm", maxGradNorm, "> 0");
        check(optimizerSteps > 0, "optimizerSteps", optimizerSteps, "> 0");
        check(maxPromptTokens > 0, "maxPromptTokens", maxPromptTokens, "> 0");
        check(maxResponseTokens > 0, "maxResponseTokens", maxResponseTokens, "> 0");
        check(maxTokensPerForward > 0, "maxTokensPerForward", maxTokensPerForward, "> 0");
        check(klToStart >= 0 && Double.isFinite(klToStart), "klToStart", klToStart, ">= 0");
    }

    /**
     * The method's values: ε 0.2, β 0.01, |δ| ≤ 10, AdamW lr 1e-6 (0.9, 0.999, 1e-8, wd 0), clip
     * 1.0, U = 4, no anchor to the starting model.
     */
    public static PpoSettings method() {
        return new PpoSettings(
                0.2, 0.01, 10.0, 1e-6, 0.9, 0.999, 1e-8, 0.0, 1.0, 4, 384, 128, 8192, true, 0.0,
                false, false);
    }

    public PpoSettings withLearningRate(double lr) {
        return toBuilder().learningRate(lr).build();
    }

    public PpoSettings withOptimizerSteps(int u) {
        return toBuilder().optimizerSteps(u).build();
    }

    public PpoSettings withLimits(int maxPrompt, int maxResponse) {
        return toBuilder().maxPromptTokens(maxPrompt).maxResponseTokens(maxResponse).build();
    }

    public PpoSettings withMaxTokensPerForward(int tokens) {
        return toBuilder().maxTokensPerForward(tokens).build();
    }

    public PpoSettings withResetOptimizerEachUpdate(boolean reset) {
        return toBuilder().resetOptimizerEachUpdate(reset).build();
    }

    /** A builder holding these settings, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.clipEpsilon = clipEpsilon;
        b.klBeta = klBeta;
        b.deltaClamp = deltaClamp;
        b.learningRate = learningRate;
        b.beta1 = beta1;
        b.beta2 = beta2;
        b.adamEps = adamEps;
        b.weightDecay = weightDecay;
        b.maxGradNorm = maxGradNorm;
        b.optimizerSteps = optimizerSteps;
        b.maxPromptTokens = maxPromptTokens;
        b.maxResponseTokens = maxResponseTokens;
        b.maxTokensPerForward = maxTokensPerForward;
        b.resetOptimizerEachUpdate = resetOptimizerEachUpdate;
        b.klToStart = klToStart;
        b.recomputeLayers = recomputeLayers;
        b.halfPrecisionBase = halfPrecisionBase;
        return b;
    }

    /** Settings changed one at a time from a {@link PpoSettings} ({@link #toBuilder()}). */
    public static final class Builder {
        private double clipEpsilon;
        private double klBeta;
        private double deltaClamp;
        private double learningRate;
        private double beta1;
        private double beta2;
        private double adamEps;
        private double weightDecay;
        private double maxGradNorm;
        private int optimizerSteps;
        private int maxPromptTokens;
        private int maxResponseTokens;
        private int maxTokensPerForward;
        private boolean resetOptimizerEachUpdate;
        private double klToStart;
        private boolean recomputeLayers;
        private boolean halfPrecisionBase;

        private Builder() {}

        /** Sets {@code learningRate}. */
        public Builder learningRate(double value) {
            learningRate = value;
            return this;
        }

        /** Sets {@code optimizerSteps}. */
        public Builder optimizerSteps(int value) {
            optimizerSteps = value;
            return this;
        }

        /** Sets {@code maxPromptTokens}. */
        public Builder maxPromptTokens(int value) {
            maxPromptTokens = value;
            return this;
        }

        /** Sets {@code maxResponseTokens}. */
        public Builder maxResponseTokens(int value) {
            maxResponseTokens = value;
            return this;
        }

        /** Sets {@code maxTokensPerForward}. */
        public Builder maxTokensPerForward(int value) {
            maxTokensPerForward = value;
            return this;
        }

        /** Sets {@code resetOptimizerEachUpdate}. */
        public Builder resetOptimizerEachUpdate(boolean value) {
            resetOptimizerEachUpdate = value;
            return this;
        }

        /** Sets {@code klToStart} (β_ref). */
        public Builder klToStart(double value) {
            klToStart = value;
            return this;
        }

        /** Sets {@code recomputeLayers}. */
        public Builder recomputeLayers(boolean value) {
            recomputeLayers = value;
            return this;
        }

        /** Sets {@code halfPrecisionBase}. */
        public Builder halfPrecisionBase(boolean value) {
            halfPrecisionBase = value;
            return this;
        }

        /** The settings (checked). */
        public PpoSettings build() {
            return new PpoSettings(
                    clipEpsilon,
                    klBeta,
                    deltaClamp,
                    learningRate,
                    beta1,
                    beta2,
                    adamEps,
                    weightDecay,
                    maxGradNorm,
                    optimizerSteps,
                    maxPromptTokens,
                    maxResponseTokens,
                    maxTokensPerForward,
                    resetOptimizerEachUpdate,
                    klToStart,
                    recomputeLayers,
                    halfPrecisionBase);
        }
    }

    private static void check(boolean ok, String name, double value, String rule) {
        if (!ok) {
            throw new org.rlanything.core.BadInputException(
                    name + " must be " + rule + ", got " + value + ".");
        }
    }
}
