package org.rlanything.it.kinds;

import org.rlanything.core.config.Check;
import org.rlanything.core.spi.RewardModelConfig;

/**
 * {@code reward_model.kind: echo_judge}: repeats each step's label, wrong with probability {@code
 * noise}.
 *
 * @param noise the probability that a verdict contradicts the label
 */
public record EchoJudgeConfig(Double noise) implements RewardModelConfig {
    public EchoJudgeConfig {
        noise = Check.between("noise", noise, 0.1, 0.0, 1.0);
    }
}
