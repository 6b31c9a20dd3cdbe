package org.rlanything.core;

import java.util.Objects;

/**
 * One reward-model training sample (method.md §4): a judgment and its standardised consistency
 * reward.
 *
 * @param request the step that was judged (the RM prompt is built from it)
 * @param judgment the judgment whose whole text is trained
 * @param advantage the z-scored consistency reward, never exactly 0
 */
public record RewardModelSample(JudgeRequest request, Judgment judgment, double advantage) {
    public RewardModelSample {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(judgment, "judgment");
        if (!Double.isFinite(advantage)) {
            throw new IllegalArgumentException(
                    "A sample's advantage must be finite, got " + advantage + ".");
        }
    }
}
