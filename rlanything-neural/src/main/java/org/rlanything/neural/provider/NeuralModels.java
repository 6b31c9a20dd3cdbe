package org.rlanything.neural.provider;

import java.io.IOException;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.ModelHooks;

/**
 * The hook an environment offers (its {@link org.rlanything.core.spi.EnvironmentParts#hooks()}
 * implement it) to run the neural kinds: it knows the prompts and the starting models of its tasks.
 * The policy and the reward model it returns are also {@link org.rlanything.core.Checkpointable}.
 */
public interface NeuralModels extends ModelHooks {

    /** The neural policy with {@code config}. */
    Policy policy(NeuralPolicyConfig config) throws IOException;

    /** The neural judge with {@code config}. */
    RewardModel rewardModel(NeuralRewardModelConfig config) throws IOException;
}
