package org.rlanything.core.loop;

import java.util.Map;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;

/**
 * Step 8 of the loop: evaluates the policy (and the reward model) every E iterations. Metric names
 * should follow {@code val-core/<dataset>/<metric>}.
 */
@FunctionalInterface
public interface Evaluator {

    /**
     * @param iteration the iteration just completed
     * @param seed the fixed evaluation seed (the same at every evaluation, so curves compare
     *     policies, not luck)
     */
    Map<String, Double> evaluate(int iteration, Policy policy, RewardModel rewardModel, long seed);
}
