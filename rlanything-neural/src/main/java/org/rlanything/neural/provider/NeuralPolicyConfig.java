package org.rlanything.neural.provider;

import static org.rlanything.core.config.Advanced.Kind.EXPERIMENT_SWITCH;
import static org.rlanything.core.config.Advanced.Kind.EXPERT_BOUND;

import org.rlanything.core.config.Advanced;
import org.rlanything.core.config.Check;
import org.rlanything.core.spi.PolicyConfig;

/**
 * {@code policy.kind: neural}: the language-model policy (rlanything-neural), started from the
 * starting models ({@code trainer.starting_models}) or from {@code init}, and trained by PPO-clip
 * with the k3 KL penalty.
 *
 * @param learningRate AdamW learning rate (default: from the model's width, 3e-4 up to the embedded
 *     models' 64 and 3e-4 · (64 / width)^1.4 above, about 1e-6 at a 7B model's width, the method's
 *     rate there)
 * @param optimizerSteps U, optimizer steps per iteration
 * @param temperature sampling temperature in training rollouts
 * @param maxPromptTokens prompt limit (must match the starting models' positions)
 * @param maxTokensPerForward padded tokens per forward pass (bounds memory)
 * @param init optional: a model folder to start from instead of the starting models: a Hugging Face
 *     folder (Llama 3, Qwen2/2.5, Qwen3, with its own tokenizer and chat template) or one written
 *     by {@code model import} or a checkpoint
 * @param loraRank 0 (default): every weight trains; r > 0: LoRA adapters of rank r on the attention
 *     and MLP projections train and the base stays frozen
 * @param loraAlpha LoRA scale numerator (the update is alpha / r · B A; default 2 r)
 * @param maxTokens the longest free-text reply in tokens (a chat model's answer; default 16)
 * @param chatActions how a model with a chat template acts on a list of commands: {@code generate}
 *     (default: it writes its answer, read by the endpoint kinds' parser) or {@code score} (the
 *     listed commands are scored after its chat prompt)
 * @param klToStart β_ref, the weight of a k3 penalty against the policy the run started with (0,
 *     default: none, the reference's rule; the same code as {@code reward_model.kl_to_start})
 * @param warmStart the sizes of the generic starting models' warm start, for an environment without
 *     neural models of its own and without {@code init}: {@code tasks}, {@code episodes}, {@code
 *     explore}, {@code max_steps}, {@code vocab_size}, {@code width}, {@code layers}, {@code
 *     heads}, {@code positions}, {@code policy_steps}, {@code judge_steps}, {@code batch}, {@code
 *     learning_rate}, {@code dagger_rounds}, {@code validation_tasks} (docs/config.md, generic
 *     starting models; default: the sizes listed there)
 * @param recomputeLayers keep only each decoder layer's input for the backward pass of an update
 *     and run the layers again there: the activations of one layer instead of all (a 3B model's
 *     update at rows of 1000 tokens needs some 17 GiB less) for one more forward pass of the update
 *     (default false; {@code rlanything model plan} shows both)
 * @param baseDtype how a LoRA model holds its frozen projections: {@code f32} (default) or {@code
 *     f16}, half their memory (a 3B model's 11 GB of projections become 5.5 GB) for a cast to
 *     float32 at each use; float16 holds BF16 weights exactly above 2^-14 (needs {@code lora_rank}
 *     &gt; 0)
 */
public record NeuralPolicyConfig(
        Double learningRate,
        Integer optimizerSteps,
        Double temperature,
        Integer maxPromptTokens,
        @Advanced(EXPERT_BOUND) Integer maxTokensPerForward,
        String init,
        Integer loraRank,
        Double loraAlpha,
        Integer maxTokens,
        @Advanced(EXPERIMENT_SWITCH) String chatActions,
        @Advanced(EXPERIMENT_SWITCH) Double klToStart,
        @Advanced(EXPERIMENT_SWITCH) WarmStartConfig warmStart,
        @Advanced(EXPERT_BOUND) Boolean recomputeLayers,
        @Advanced(EXPERT_BOUND) String baseDtype)
        implements PolicyConfig, NeuralSection {

    /** Every key at its default. */
    public static final NeuralPolicyConfig DEFAULTS = builder().build();

    public NeuralPolicyConfig {
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
        maxPromptTokens = Check.between("max_prompt_tokens", maxPromptTokens, 200, 8, 100000);
        maxTokens = Check.between("max_tokens", maxTokens, 16, 1, 32768);
        chatActions = Check.nonEmpty("chat_actions", chatActions, "generate");
        if (!chatActions.equals("generate") && !chatActions.equals("score")) {
            throw new org.rlanything.core.config.InvalidValueException(
                    "chat_actions",
                    "expected \"generate\" or \"score\", got \"" + chatActions + "\".");
        }
        warmStart = warmStart == null ? WarmStartConfig.DEFAULTS : warmStart;
    }

    /** A section whose keys are set one at a time (the others keep their defaults). */
    public static Builder builder() {
        return new Builder();
    }

    /** The policy's section set one key at a time ({@link #builder()}). */
    public static final class Builder extends NeuralSectionBuilder<Builder> {
        private Integer maxPromptTokens;
        private String chatActions;

        private Builder() {}

        @Override
        Builder self() {
            return this;
        }

        /** {@code max_prompt_tokens}. */
        public Builder maxPromptTokens(int value) {
            maxPromptTokens = value;
            return this;
        }

        /** {@code chat_actions}. */
        public Builder chatActions(String value) {
            chatActions = value;
            return this;
        }

        /** The section (checked, defaults filled). */
        public NeuralPolicyConfig build() {
            return new NeuralPolicyConfig(
                    learningRate,
                    optimizerSteps,
                    temperature,
                    maxPromptTokens,
                    maxTokensPerForward,
                    init,
                    loraRank,
                    loraAlpha,
                    maxTokens,
                    chatActions,
                    klToStart,
                    warmStart,
                    recomputeLayers,
                    baseDtype);
        }
    }
}
