package org.rlanything.neural.provider;

import java.io.IOException;
import java.nio.file.Path;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.checkpoint.LoraBase;
import org.rlanything.neural.model.ModelWeights;

/** What a model section's keys do to a freshly loaded starting model. */
public final class InitialModels {

    private InitialModels() {}

    /**
     * Adds LoRA adapters when {@code lora} asks for them; the frozen base is the section's {@code
     * init} folder, which checkpoints name instead of holding its weights (so LoRA needs {@code
     * init}); {@code seed} draws the adapters.
     */
    public static void adapt(NeuralModel model, LoraSettings lora, String init, long seed)
            throws IOException {
        if (!lora.enabled()) {
            return;
        }
        if (init == null) {
            throw new org.rlanything.core.config.InvalidValueException(
                    "lora_rank",
                    "LoRA adapts the model named by \"init\" (its frozen base); set init too.");
        }
        model.enableLora(
                new ModelWeights.Lora(lora.rank(), lora.alpha()), seed, LoraBase.of(Path.of(init)));
    }
}
