package org.rlanything.core.judge;

import static org.rlanything.core.config.Advanced.Kind.EXPERIMENT_SWITCH;

import org.rlanything.core.config.Advanced;
import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.spi.RewardModelConfig;

/**
 * {@code reward_model.kind: label}: the controlled judge of the judge-quality sweep: each verdict
 * is the step's true label flipped with probability {@code flip_probability}; it never learns.
 * Works with any environment whose steps carry labels (ALFWorld, key-lock).
 *
 * @param flipProbability q, the probability that a verdict contradicts the label (0.5: a coin)
 * @param label which label: {@code restrained} (what the agent could know; the planner's where
 *     absent) or {@code planner} (the omniscient planner's)
 */
public record LabelRewardModelConfig(
        @Advanced(EXPERIMENT_SWITCH) Double flipProbability,
        @Advanced(EXPERIMENT_SWITCH) String label)
        implements RewardModelConfig {
    /** Every key at its default. */
    public static final LabelRewardModelConfig DEFAULTS = new LabelRewardModelConfig(null, null);

    public LabelRewardModelConfig {
        flipProbability = Check.between("flip_probability", flipProbability, 0.3, 0.0, 1.0);
        label = label == null ? "restrained" : label;
        if (!label.equals("restrained") && !label.equals("planner")) {
            throw new InvalidValueException(
                    "label", "expected restrained or planner, got " + label + ".");
        }
    }

    /** Whether the restrained label is preferred. */
    public boolean restrained() {
        return label.equals("restrained");
    }
}
