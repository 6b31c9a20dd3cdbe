package org.rlanything.neural.provider;

import java.io.IOException;
import java.nio.file.Path;
import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.checkpoint.LoraBase;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.train.PpoSettings;

/**
 * The keys by which a neural section trains its model, one record for the policy's section and the
 * judge's (as verl's optimizer config is one record for actor and critic): checked and defaulted
 * here, turned into the model's trainer settings here ({@link #trainer}) and applied to a freshly
 * loaded model here ({@link #adapted}). Every neural path (ALFWorld's models, coding-mini's, the
 * imported chat models and the generic starting models) builds its models through this record, so a
 * key does the same on every path or is refused there with the reason.
 *
 * @param learningRate AdamW's learning rate; null: chosen from the model's width when it is loaded
 *     ({@link #defaultLearningRate})
 * @param optimizerSteps U, optimizer steps per iteration
 * @param maxTokensPerForward padded tokens per forward pass of an update (bounds memory)
 * @param klToStart β_ref, the weight of a k3 penalty against the model the run started with
 * @param recomputeLayers run each decoder layer again in the backward pass instead of keeping its
 *     activations
 * @param baseDtype {@code f32} or {@code f16}: how a LoRA model holds its frozen projections
 * @param init the model folder to start from, or null for the setting's starting models
 * @param loraRank 0: every weight trains; r &gt; 0: LoRA adapters of rank r on a frozen base
 * @param loraAlpha the LoRA scale numerator
 */
public record TrainableSection(
        Double learningRate,
        Integer optimizerSteps,
        Integer maxTokensPerForward,
        Double klToStart,
        Boolean recomputeLayers,
        String baseDtype,
        String init,
        Integer loraRank,
        Double loraAlpha) {

    /** The learning rate tuned on the embedded models, whose width is {@link #EMBEDDED_WIDTH}. */
    public static final double EMBEDDED_RATE = 3e-4;

    /** The hidden size of the embedded models (ALFWorld's, coding-mini's, the generic ones). */
    public static final int EMBEDDED_WIDTH = 64;

    /**
     * How fast the default learning rate falls with the width (see {@link #defaultLearningRate}):
     * fitted to scripts/models/LearningRateScale.java's figures (docs/results/house-2026-12-06.md).
     */
    static final double WIDTH_EXPONENT = 1.4;

    /** Fills the defaults and checks the ranges, naming the key. */
    public TrainableSection {
        if (learningRate != null) {
            learningRate = Check.between("learning_rate", learningRate, EMBEDDED_RATE, 1e-9, 1.0);
        }
        optimizerSteps = Check.between("optimizer_steps", optimizerSteps, 4, 1, 1000);
        maxTokensPerForward =
                Check.between("max_tokens_per_forward", maxTokensPerForward, 4096, 64, 1 << 20);
        klToStart = Check.between("kl_to_start", klToStart, 0.0, 0.0, 1e6);
        recomputeLayers = recomputeLayers != null && recomputeLayers;
        init = init == null || init.isBlank() ? null : init;
        loraRank = Check.between("lora_rank", loraRank, 0, 0, 4096);
        loraAlpha = Check.between("lora_alpha", loraAlpha, 2.0 * loraRank, 0.0, 1e6);
        baseDtype = checkBaseDtype(baseDtype, loraRank);
    }

    /** The LoRA settings of this section. */
    public LoraSettings lora() {
        return new LoraSettings(loraRank, loraAlpha);
    }

    /**
     * The default learning rate of a model of hidden size {@code width}: {@link #EMBEDDED_RATE}
     * (3e-4) at the embedded models' width 64 and below, and 3e-4 · (64 / width)^{@value
     * #WIDTH_EXPONENT} above. How and why: one AdamW step moves every weight by about the rate,
     * whatever the size of its gradient, and a wider layer sums more moved weights into each
     * output, so the same rate moves a wider model's predictions further. The exponent fits (1.38,
     * kept as 1.4) the rates at which one PPO update moves the next-token distribution of freshly
     * initialised models of widths 128 to 1024 as far (the same mean k3 KL, {@code ppo_kl}) as 3e-4
     * moves width 64 (scripts/models/LearningRateScale.java; the figures in
     * docs/results/house-2026-12-06.md). At a 7B model's width (3584 to 4096) it gives 1.1e-6 to
     * 0.9e-6, the rate the method uses there.
     */
    public static double defaultLearningRate(int width) {
        if (width <= EMBEDDED_WIDTH) {
            return EMBEDDED_RATE;
        }
        return EMBEDDED_RATE * Math.pow((double) EMBEDDED_WIDTH / width, WIDTH_EXPONENT);
    }

    /**
     * The trainer settings of the model in {@code folder} ({@link #trainer(int, int, int)} at its
     * width, read from its {@code config.json}).
     */
    public PpoSettings trainer(Path folder, int prompt, int response) throws IOException {
        int width = learningRate != null ? 0 : HfCheckpoint.config(folder).hiddenSize();
        return trainer(width, prompt, response);
    }

    /**
     * The trainer settings of a model of hidden size {@code width}: the method's objective ({@link
     * PpoSettings#method()}) with this section's keys (the learning rate, when the section leaves
     * it, the width's {@link #defaultLearningRate}) and a window of {@code prompt + response}
     * tokens. The window is the setting's: it depends on what the setting's prompts hold and on the
     * model's positions.
     */
    public PpoSettings trainer(int width, int prompt, int response) {
        return PpoSettings.method().toBuilder()
                .learningRate(learningRate != null ? learningRate : defaultLearningRate(width))
                .optimizerSteps(optimizerSteps)
                .maxPromptTokens(prompt)
                .maxResponseTokens(response)
                .maxTokensPerForward(maxTokensPerForward)
                .klToStart(klToStart)
                .recomputeLayers(recomputeLayers)
                .halfPrecisionBase(baseDtype.equals("f16"))
                .build();
    }

    /** What turns a loaded (and adapted) model into a policy or a judge. */
    public interface Wrap<T> {
        T wrap(NeuralModel model) throws IOException;
    }

    /**
     * A freshly loaded model with the LoRA adapters the section asks for, wrapped into a policy or
     * a judge; the model is closed when adapting or wrapping fails. The frozen base of the adapters
     * is the section's {@code init} folder, which checkpoints name instead of holding its weights
     * (so LoRA, and with it {@code base_dtype: f16}, needs {@code init}: refused without it).
     * {@code seed} draws the adapters.
     */
    public <T> T adapted(NeuralModel model, long seed, Wrap<T> wrap) throws IOException {
        try {
            if (loraRank > 0) {
                if (init == null) {
                    throw new InvalidValueException(
                            "lora_rank",
                            "LoRA adapts the model named by \"init\" (its frozen base); set init"
                                    + " too.");
                }
                model.enableLora(
                        new ModelWeights.Lora(loraRank, loraAlpha),
                        seed,
                        LoraBase.of(Path.of(init)));
            }
            return wrap.wrap(model);
        } catch (IOException | RuntimeException e) {
            model.close();
            throw e;
        }
    }

    /** The checked value of {@code base_dtype} for a section of LoRA rank {@code loraRank}. */
    private static String checkBaseDtype(String baseDtype, int loraRank) {
        String value = Check.nonEmpty("base_dtype", baseDtype, "f32");
        if (!value.equals("f32") && !value.equals("f16")) {
            throw new InvalidValueException(
                    "base_dtype", "expected \"f32\" or \"f16\", got \"" + value + "\".");
        }
        if (value.equals("f16") && loraRank == 0) {
            throw new InvalidValueException(
                    "base_dtype",
                    "f16 holds a LoRA model's frozen base; set lora_rank > 0 (a full update trains"
                            + " every weight in float32).");
        }
        return value;
    }
}
