package org.rlanything.linear.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.RewardModelConfig;

/**
 * {@code reward_model.kind: element}: the {@code linear} judge as MiniWoB++'s configs use it, a
 * verdict σ(w·ψ/T) over the environment's own step features (what a step did to the element lists),
 * starting as a coin and trained by one plain SGD step per update on the consistency advantages
 * ({@link ElementJudgeProvider}).
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
