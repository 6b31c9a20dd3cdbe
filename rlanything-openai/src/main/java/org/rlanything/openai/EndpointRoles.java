package org.rlanything.openai;

import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.Rewriter;
import org.rlanything.core.spi.ModelHooks;

/**
 * An environment's own endpoint roles, offered as a hook (its {@link
 * org.rlanything.core.spi.EnvironmentParts#hooks()} implement it): when an environment offers one,
 * the {@code openai} kinds of the policy, reward-model and rewriter sections serve these instead of
 * the household-style {@link EndpointPolicy}, {@link EndpointJudge} and {@link EndpointRewriter}
 * (whose prompts fit list-of-commands environments such as ALFWorld). The endpoint, its settings,
 * the response log and the checkpoint note stay the kinds' own.
 */
public interface EndpointRoles extends ModelHooks {

    /** The policy served by {@code client}. */
    Policy policy(ChatClient client);

    /** The reward model served by {@code client}. */
    RewardModel rewardModel(ChatClient client);

    /** The rewriter served by {@code client}. */
    Rewriter rewriter(ChatClient client);
}
