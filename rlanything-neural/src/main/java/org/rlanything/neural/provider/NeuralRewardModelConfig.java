package org.rlanything.neural.provider;

import static org.rlanything.core.config.Advanced.Kind.EXPERIMENT_SWITCH;
import static org.rlanything.core.config.Advanced.Kind.EXPERT_BOUND;

import org.rlanything.core.config.Advanced;
import org.rlanything.core.config.Check;
import org.rlanything.core.spi.RewardModelConfig;

/**
 * {@code reward_model.kind: neural}: the generative judge (rlanything-neural): a short judgment
 * ending in a boxed verdict, sampled m times per step; trained by the same PPO objective on
 * consistency rewards.
 *
 * @param learningRate AdamW learning rate (default: from the model's width, as {@code
 *     policy.learning_rate})
 * @param optimizerSteps U, optimizer steps per iteration
 * @param temperature sampling temperature of judgments
 * @param maxTokens the longest judgment in tokens
 * @param init optional: a model folder to start from instead of the starting models (see {@link
 *     NeuralPolicyConfig#init})
 * @param loraRank 0 (default): every weight trains; r > 0: LoRA adapters of rank r
 * @param loraAlpha LoRA scale numerator (default 2 r)
 * @param chatVerdicts how a model with a chat template judges: {@code generate} (default) writes
 *     its judgment; {@code score} scores the two verdict replies (approve and reject, each a boxed
 *     1 or -1) after the chat prompt and samples one at {@code temperature}, so that even a model
 *     without real weights gives verdicts (and trains on them)
 * @param maxTokensPerForward padded tokens per forward pass of the judge's training (bounds memory;
 *     the policy's is {@code policy.max_tokens_per_forward})
 * @param klToStart β_ref, the weight of a k3 penalty against the judge the run started with (0,
 *     default: none, the reference's rule); keeps the co-trained judge from drifting (method.md)
 * @param warmStart the sizes of the generic starting models' warm start, read from this section
 *     only when {@code policy.kind} is not {@code neural} (the two models are made by one recipe,
 *     {@code policy.warm_start} otherwise): the keys of {@code policy.warm_start}
 * @param recomputeLayers keep only each decoder layer's input for the backward pass of an update
 *     and run the layers again there: the activations of one layer instead of all (a 3B model's
 *     update at rows of 1000 tokens needs some 17 GiB less) for one more forward pass of the update
 *     (default false; {@code rlanything model plan} shows both)
 * @param baseDtype how a LoRA model holds its frozen projections: {@code f32} (default) or {@code
 *     f16}, half their memory (a 3B model's 11 GB of projections become 5.5 GB) for a cast to
 *     float32 at each use; float16 holds BF16 weights exactly above 2^-14 (needs {@code lora_rank}
 *     &gt; 0)
 */
public record NeuralRewardModelConfig(
        Double learningRate,
        Integer optimizerSteps,
        Double temperature,
        Integer maxTokens,
        String init,
        Integer loraRank,
        Double loraAlpha,
        @Advanced(EXPERIMENT_SWITCH) String chatVerdicts,
        @Advanced(EXPERT_BOUND) Integer maxTokensPerForward,
        @Advanced(EXPERIMENT_SWITCH) Double klToStart,
        @Advanced(EXPERIMENT_SWITCH) WarmStartConfig warmStart,
        @Advanced(EXPERT_BOUND) Boolean recomputeLayers,
        @Advanced(EXPERT_BOUND) String baseDtype)
        implements RewardModelConfig, NeuralSection {

    /** Every key at its default. */
    public static final NeuralRewardModelConfig DEFAULTS = builder().build();

    public NeuralRewardModelConfig {
        TrainableSection trains =
                new TrainableSection(
                        learningRate,
                        optimizerSteps,
                        maxTokensPerForward,
                        klToStart,
                        recomputeLayers,
                        baseDtype,
                        init,
                        loraRank,
                        loraAlpha);
        learningRate = trains.learningRate();
        optimizerSteps = trains.optimizerSteps();
        maxTokensPerForward = trains.maxTokensPerForward();
        klToStart = trains.klToStart();
        recomputeLayers = trains.recomputeLayers();
        baseDtype = trains.baseDtype();
        init = trains.init();
        loraRank = trains.loraRank();
        loraAlpha = trains.loraAlpha();
        temperature = Check.between("temperature", temperature, 1.0, 0.0, 10.0);
        maxTokens = Check.between("max_tokens", maxTokens, 10, 2, 4096);
        chatVerdicts = Check.nonEmpty("chat_verdicts", chatVerdicts, "generate");
        if (!chatVerdicts.equals("generate") && !chatVerdicts.equals("score")) {
            throw new org.rlanything.core.config.InvalidValueException(
                    "chat_verdicts",
                    "expected \"generate\" or \"score\", got \"" + chatVerdicts + "\".");
        }
        warmStart = warmStart == null ? WarmStartConfig.DEFAULTS : warmStart;
    }

    /** A section whose keys are set one at a time (the others keep their defaults). */
    public static Builder builder() {
        return new Builder();
    }

    /** The judge's section set one key at a time ({@link #builder()}). */
    public static final class Builder extends NeuralSectionBuilder<Builder> {
        private String chatVerdicts;

        private Builder() {}

        @Override
        Builder self() {
            return this;
        }

        /** {@code chat_verdicts}. */
        public Builder chatVerdicts(String value) {
            chatVerdicts = value;
            return this;
        }

        /** The section (checked, defaults filled). */
        public NeuralRewardModelConfig build() {
            return new NeuralRewardModelConfig(
                    learningRate,
                    optimizerSteps,
                    temperature,
                    maxTokens,
                    init,
                    loraRank,
                    loraAlpha,
                    chatVerdicts,
                    maxTokensPerForward,
                    klToStart,
                    warmStart,
                    recomputeLayers,
                    baseDtype);
        }
    }
}
