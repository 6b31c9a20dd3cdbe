package org.rlanything.gui.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.RewardModelConfig;

/**
 * {@code reward_model.kind: element}: the embedded GUI judge ({@link
 * org.rlanything.gui.ElementJudge}).
 *
 * @param learningRate the policy-gradient step size on the consistency advantages
 * @param temperature the verdict sigmoid's temperature
 */
public record ElementJudgeConfig(Double learningRate, Double temperature)
        implements RewardModelConfig {

    /** Every key at its default. */
    public static final ElementJudgeConfig DEFAULTS = new ElementJudgeConfig(null, null);

    public ElementJudgeConfig {
        learningRate = Check.positive("learning_rate", learningRate, 1.0, 100.0);
        temperature = Check.positive("temperature", temperature, 1.0, 10.0);
    }
}
